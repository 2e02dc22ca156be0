## Hourglass: board, hand panel, moves, options and rules.

hourglass-round = **Round { $round }**
hourglass-deck-pass = 🂠 Deck ({ $current ->
    [1] first
   *[other] second
  } of two passes): { $count ->
    [0] empty
    [one] { $count } card
   *[other] { $count } cards
  }
hourglass-deck = 🂠 Deck: { $count ->
    [0] empty
    [one] { $count } card
   *[other] { $count } cards
  }
hourglass-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
  }
hourglass-set = { $set } { $direction } · top { $top }{ $under } · ⏳{ $hourglasses } · 👤 { $owner }
hourglass-under = (+{ $count } under it)
hourglass-empty-holder = { $set } empty holder: a new set can be opened here
hourglass-empty-holder-closed = { $set } empty holder: you cannot open a set while every set on the table is yours
hourglass-player = **{ $name }** — ✋ { $hand } in hand · 📥 { $collected } collected
hourglass-scores-hidden = ⏳ Hourglass totals stay secret until the end of the game.
hourglass-owner-you = yours
hourglass-your-cards = Your cards: { $cards }
hourglass-turns-left = { $count ->
    [0] You have played all your cards for this round; your last 2 stay in hand for the next one.
    [one] You play 1 more card this round; your last 2 stay in hand for the next one.
   *[other] You play { $count } more cards this round; your last 2 stay in hand for the next one.
  }
hourglass-turns-left-end = { $count ->
    [0] You have played all your cards for this round, the game's last: the 2 left in your hand score nothing.
    [one] You play 1 more card this round, the game's last: the 2 left in your hand then score nothing.
   *[other] You play { $count } more cards this round, the game's last: the 2 left in your hand then score nothing.
  }
hourglass-turns-left-reshuffle = { $count ->
    [0] You have played all your cards for this round; then every card is shuffled into a new deck and new hands are dealt.
    [one] You play 1 more card this round; then every card is shuffled into a new deck and new hands are dealt.
   *[other] You play { $count } more cards this round; then every card is shuffled into a new deck and new hands are dealt.
  }
hourglass-turns-left-unsure = { $count ->
    [0] You have played all your cards for this round; your last 2 stay in hand if the deck can still refill every hand.
    [one] You play 1 more card this round; your last 2 stay in hand if the deck can still refill every hand.
   *[other] You play { $count } more cards this round; your last 2 stay in hand if the deck can still refill every hand.
  }
hourglass-your-score = ⏳ Your hourglasses so far: **{ $score }**
hourglass-seat-cards = Cards: { $cards }
hourglass-seat-score = ⏳ Hourglasses so far: **{ $score }**
hourglass-out-of-play = Already collected (out of play): { $cards }

hourglass-do-open = { $card } → new set { $direction }
hourglass-do-take = { $card } on { $set }: take the set
hourglass-do-feed = { $card } under { $set } (owner keeps the set)
hourglass-do-discard = { $card } → bottom of the deck

hourglass-ev-open = { $who } opens set { $set } { $direction } with { $card }
hourglass-ev-take = { $who } plays { $card } on set { $set } and takes it from { $owner }
hourglass-ev-swap = { $who } lays { $card } on the same value in set { $set } and takes it from { $owner }
hourglass-ev-feed = { $who } slides { $card } under set { $set }; it stays with { $owner }
hourglass-ev-discard = { $who } owns every set and puts a card at the bottom of the deck
hourglass-ev-round-end = ⌛ **Round { $round } is over.** Collected: { $results }.
hourglass-ev-refill = Everyone draws { $count ->
    [one] { $count } card
   *[other] { $count } cards
  } for the next round; { $deck ->
    [one] { $deck } card is
   *[other] { $deck } cards are
  } left in the deck.
hourglass-ev-reshuffle = 🔀 The deck has run out for the first time: all 63 cards are shuffled again and everyone gets 6 new cards ({ $deck } left in the deck). The hourglasses collected so far still count.
hourglass-ev-game-over = 🏆 Game over: { $count ->
    [one] { $winners } wins
   *[other] { $winners } share the victory
  }.

group-hourglass-open = Open a new set with a card…
group-hourglass-take = Take a set: play a card on top…
group-hourglass-feed = Slide a card under an opponent's set…
group-hourglass-discard = No move possible: put a card at the bottom of the deck…

illegal-no_empty_holder = There is no free holder to open a new set in.
illegal-no_such_set = There is no such set on the table.
illegal-own_set = You cannot play on your own set.
illegal-discard_not_forced = You still have a move, so you may not discard.

tiebreak-hourglass-pile_cards = Equal hourglasses were decided by who collected more cards.

opt-hourglass-start_seat = Who starts round 1
opt-hourglass-deck_twice = Go through the deck twice
opt-hourglass-tiebreak = Ties on hourglasses
opt-hourglass-exception_literal = Strict exception: own every set → discard, even with a free holder
opt-hourglass-open_scores = Open scores: everyone's hourglasses shown during play
optkey-hourglass-start_seat = start_seat
optkey-hourglass-deck_twice = deck_twice
optkey-hourglass-tiebreak = tiebreak
optkey-hourglass-exception_literal = exception_literal
optkey-hourglass-open_scores = open_scores
optval-hourglass-start_seat-None = drawn by lot
optval-hourglass-deck_twice-None = with 5 players
optval-hourglass-tiebreak-shared = shared victory
optval-hourglass-tiebreak-pile_cards = more collected cards wins
optword-hourglass-start_seat-None = lot
optword-hourglass-deck_twice-None = auto
optword-hourglass-tiebreak-shared = shared
optword-hourglass-tiebreak-pile_cards = pile_cards

rules-hourglass = Collect hourglasses: each card shows 0 to 3 of them. The deck has red and purple cards 1–25 and jokers with odd values 1–25. Everyone holds 6 cards (7 with two players). On your turn play exactly one card: ① open a set in a free holder (there are 3): choose + (ascending) or − (descending) and put any card in it; the set stands in front of you. ② Take an opponent's set by laying a card on top: higher than the top card on a + set, lower on a − set, and of the same colour (jokers ignore colour). A joker and a coloured card of the same value may always be laid on each other. The set becomes yours. ③ Slide any card under an opponent's set: it stays theirs. Never play on your own set; if you own all three, put a card at the bottom of the deck. When everyone is down to 2 cards, the round ends: owners collect their sets face down, everyone draws back up and the next player starts. When the deck can no longer refill every hand, the game ends and the most hourglasses wins.
