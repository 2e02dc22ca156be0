## Zero: board, hand panel, moves, options and rules.

zero-round = **Round { $round } of { $rounds }** · lowest score wins
zero-market = 🛒 Market: { $cards }
zero-laid = ✋ { $who } has laid { $card } face up and is picking a market card to take.
zero-passes = 👊 Passes this round: { $count } of 2 { $count ->
    [0] (the 2nd pass starts the last turns)
    [one] (one more pass starts the last turns)
   *[other] (the last turns have started)
  }
zero-last-turns = 🔔 Last turns (2nd pass: { $who }). Still to play: { $left }
zero-unused = 🂠 { $count ->
    [one] { $count } card is
   *[other] { $count } cards are
  } set aside, unused this round.
zero-scores-title = 📊 Scores by round (lowest total wins):
zero-last-hands = 🃏 Hands at the end of the last round:

zero-you = you
zero-your-cards = Your cards: { $cards }
zero-groups = 🎯 Toward a Zero (5 of one colour + 5 of one value, one card in both): { $colour } ×{ $colours } · **{ $value }** ×{ $values }
zero-struck = Struck-through cards are cancelled (5+ of a colour or value) and score nothing.
zero-your-score = 🧮 If the round ended now, your hand would score **{ $score }**
zero-your-total = 📊 Your scores: { $rounds }
zero-seat-cards = Cards: { $cards }
zero-seat-score = 🧮 If the round ended now, this hand would score **{ $score }**
zero-your-last-turn = 🔔 This is your last turn this round.
zero-you-have-zero = 🎉 Your hand is a Zero! Call it to end the round at once.
zero-now-give = 👉 Your turn. Exchange, step 1 of 2: give a card from your hand to the market (then you take a different one). Or pass.
zero-now-take = ✅ You gave { $card }: now take a card from the market (step 2 of 2, any card but { $card }).
zero-pass-hint = { $count ->
    [0] Passing now would be the round's first pass: on its own it changes nothing.
   *[other] Passing now would be the round's second pass: everyone else gets one last turn, then the round is scored.
  }

zero-do-give = Give { $card } to the market
zero-do-take = Take { $card }
zero-do-take-zero = Take { $card } and call ZERO! 🎉
zero-do-pass = 👊 Pass
zero-do-zero = 🎉 Call ZERO!

zero-ev-exchange = { $who } gave { $gave } and took { $took }
zero-ev-pass-first = { $who } passes (1st pass of the round)
zero-ev-pass-trigger = 🔔 { $who } passes: 2nd pass! Last turns: { $left }
zero-ev-pass-late = { $who } passes
zero-ev-zero = 🎉 { $who } calls ZERO!
zero-ev-ended-by-zero = { $who } made a Zero
zero-ev-ended-by-passes = after two passes
zero-ev-round-end = 🧾 **Round { $round } of { $rounds } is over** ({ $how }). Round scores and hands:
zero-ev-totals = 📊 Totals: { $totals }
zero-ev-round-start = 🔄 Round { $round } begins; { $who } plays first. Market: { $market }
zero-ev-game-over = 🏆 Game over: { $winners } { $count ->
    [one] wins
   *[other] share the victory
  } with { $points ->
    [one] { $points } point
   *[other] { $points } points
  }.

group-zero-give = Step 1 of 2: give a card to the market…
group-zero-take = Step 2 of 2: take a market card…

illegal-must_take = Finish your exchange first: take a card from the market.
illegal-take_back = You cannot take back the card you just gave; take a different one.
illegal-not_in_market = That card is not in the market.
illegal-not_zero = Your hand is not a Zero.
illegal-must_declare = Your hand is a Zero: you must call it.
illegal-nothing_laid = Give a card to the market before you take one.

opt-zero-beginner_market = Beginner market: 7 cards instead of 5 (3–5 players)
opt-zero-start_player = Who plays first in round 1
opt-zero-zero_optional = A Zero may be kept quiet instead of called at once
optkey-zero-beginner_market = beginner_market
optkey-zero-start_player = start_player
optkey-zero-zero_optional = zero_optional

rules-zero = Score as few points as you can. 56 cards: 7 colours, values 1–8. Everyone gets 9 cards; 5 cards lie face up as the market (9 with two players); the rest are not used this round. On your turn either exchange or pass. Exchange: give one card from your hand to the market, then take a different market card. Pass: the round's first pass does nothing; at the second pass everyone except that player gets one last turn, then the round is scored. Scoring: each value in your hand counts once (three 7s score 7), but cards in a group of 5+ of one colour or 5+ of one value score nothing. Zero: 5 cards of one colour and 5 of one value, one card in both — call it and the round ends at once. There are as many rounds as players; the lowest total wins.
zero-hand-size = { $count ->
    [one] { $count } card
   *[other] { $count } cards
  }
