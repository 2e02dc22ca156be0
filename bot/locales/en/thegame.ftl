thegame-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
  }
thegame-deck = Deck: { $count ->
    [0] empty
    [one] { $count } card
   *[other] { $count } cards
  }
thegame-minimum = This turn: play at least { $minimum ->
    [one] { $minimum } card
   *[other] { $minimum } cards
  } (played so far: { $played })
thegame-your-cards = Your cards: { $cards }
thegame-seat-cards = Cards: { $cards }
thegame-now-start = 👉 Your turn: play at least { $minimum ->
    [one] one card
   *[other] { $minimum } cards
  }, then end your turn.
thegame-now-more = 👉 Play { $left ->
    [one] one more card
   *[other] { $left } more cards
  } before you end your turn.
thegame-now-none = 👉 No card in your hand fits a pile: end your turn.
hand-sits-out-thegame = You have played all your cards: the team plays on to the end without you.
thegame-now-enough = 👉 You have played this turn's minimum: play another card, or end your turn.
thegame-stop = End turn
thegame-signal-dont_play = please don't play here
thegame-signal-big_jump = careful, no big jumps
thegame-signal-clear = (signal cleared)
thegame-ev-play = { $who } played { $card } on { $pile }
thegame-ev-trick = { $who } played { $card } on { $pile } — backwards by ten!
thegame-ev-turn-end = { $who } ended their turn: { $played } played, { $drew } drawn
thegame-ev-signal = { $who } on { $pile }: { $signal }
thegame-ev-burning = 🔥 { $pile } is burning ({ $card }): cover it by the end of the next turn!
thegame-ev-burning-solo = 🔥 { $pile } is burning ({ $card }): your very next card must cover it!
thegame-ev-deck-empty = { $minimum ->
    [1] The deck is empty: from now on one card per turn is enough.
   *[other] The deck is empty: still { $minimum } cards a turn, or every card you hold when fewer are left.
  }
group-thegame-play = Play a card…
group-thegame-extra = Send a signal to the team…
result-thegame-won = 🎉 You beat the game: every card has been played!
result-thegame-excellent = Excellent! Only { $score ->
    [one] { $score } card
   *[other] { $score } cards
  } left.
result-thegame-ordinary = The game wins this time: { $score ->
    [one] { $score } card
   *[other] { $score } cards
  } left.
result-thegame-burned = 🔥 A pile burned: the team loses ({ $score ->
    [one] { $score } card
   *[other] { $score } cards
  } left).
illegal-minimum_not_met = Play at least the minimum number of cards before ending your turn.
illegal-no_such_seat = You are not in this game.
opt-thegame-expert = Expert: at least three cards a turn
opt-thegame-smaller_hands = One card fewer in hand
opt-thegame-on_fire = On Fire expansion
opt-thegame-expert_endgame_min = Expert minimum after the deck runs out
opt-thegame-start_seat = Who plays first
optkey-thegame-expert = expert
optkey-thegame-smaller_hands = smaller_hands
optkey-thegame-on_fire = on_fire
optkey-thegame-expert_endgame_min = expert_endgame_min
optkey-thegame-start_seat = start_seat
rules-thegame = Everyone plays together against the game. Four piles: two go up from 1, two go down from 100. On your turn play at least two cards (one once the deck is empty), each higher than the top of an up pile or lower than the top of a down pile. The backwards trick: a card exactly 10 below the top of an up pile (or 10 above a down pile) may be played too. Then draw back up. Never name numbers — use the signals (“please don't play here”). You win when all 98 cards are played; fewer than 10 left is excellent.
