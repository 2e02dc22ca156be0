## Mind Up!: board, hand panel, reveals, round scores, options and rules.

mindup-round = **Round { $round }/{ $rounds }**
mindup-turn = turn { $turn }/{ $turns }
mindup-deck = 🂠 deck: { $count ->
    [0] empty
    [one] { $count } card
   *[other] { $count } cards
  }
mindup-over = **Game over**: { $rounds ->
    [one] the round is scored.
   *[other] all { $rounds } rounds are scored.
  }
mindup-columns = Collection cards, left to right: { $columns } (points for each card on them)
mindup-central = 🃏 Central row: { $cards }
mindup-hands = ✋ { $count ->
    [one] { $count } card in every hand
   *[other] { $count } cards in every hand
  }
mindup-empty = no cards yet
mindup-player = { $mark } **{ $name }** — { $collection } · this round: { $points }
mindup-before = earlier rounds: { $total }
mindup-player-final = **{ $name }** — { $collection } · total **{ $total }** ({ $rounds })
mindup-legend = ✅ has chosen · ⏳ still choosing — chosen so far: { $chosen } of { $count }; every card stays hidden until the reveal
mindup-goals-round = { $count ->
    [one] Goal for this round:
   *[other] Goals for this round:
  }
mindup-goals-fixed = { $count ->
    [one] Goal for the whole game:
   *[other] Goals for the whole game:
  }

mindup-your-cards = ✋ Your cards: { $cards }
mindup-your-choice = 🔒 Your secret card: **{ $card }**. Nobody sees it until everyone has chosen.
mindup-waiting = { $count ->
    [one] Waiting for one more player.
   *[other] Waiting for { $count } more players.
  }
mindup-how = Pick a card below. Played cards are sorted: the lowest takes the leftmost card of the central row, the next lowest the next one, and so on.
mindup-keep-last = Last choice of the round: the card you keep goes straight into your collection.
mindup-your-collection = 🗂️ Your collection: { $collection }
mindup-seat-cards = ✋ Cards: { $cards }
mindup-seat-choice = 🔒 Secret card, not revealed yet: **{ $card }**
mindup-seat-collection = 🗂️ Collection: { $collection }
mindup-your-score = 📊 This round so far: { $points }
mindup-your-total = 📊 Your total: **{ $total }**
mindup-icons = Icons: ⁺¹ and ⁺² add points, ⁻¹ takes one away.
mindup-your-goals = 🎯 Goals you meet now: { $goals }
mindup-player-goals = goals: { $goals }
mindup-goals-none = none

mindup-colour-orange = orange
mindup-colour-blue = blue
mindup-colour-green = green
mindup-colour-purple = purple
mindup-colour-pink = pink

mindup-took = { $who } { $played } ➜ { $taken }
mindup-ev-reveal = 🃏 **Turn { $turn } revealed** (played ➜ taken): { $plays }
mindup-ev-last-cards = 📥 Everyone's last card goes straight into the collection: { $cards }
mindup-ev-round-scored = 📊 **Round { $round } scored:** { $scores }
mindup-score = { $who } **{ $points }** ({ $detail }), total { $total }
mindup-detail = collection { $columns }, icons { $icons }
mindup-detail-goals = goals { $goals }
mindup-ev-round-started = 🔄 **Round { $round }**: everyone takes their collection back into hand and draws a card ({ $count ->
    [one] { $count } card
   *[other] { $count } cards
  } in hand). New order of the collection cards: { $columns }.
mindup-ev-new-goals = Goals: { $goals }.
mindup-ev-game-over = 🏆 Game over: { $count ->
    [one] { $winners } wins
   *[other] { $winners } share the victory
  }.

mindup-goal-1 = exactly 1 or 3 🟧 cards
mindup-goal-2 = your 🟧 cards lie on collection card 1️⃣ or 2️⃣
mindup-goal-3 = exactly 2 or 4 🟦 cards
mindup-goal-4 = at least one 🟦 and no colour with more cards than 🟦
mindup-goal-5 = nobody has fewer 🩷 cards than you (ties and zero count)
mindup-goal-6 = nobody has more 🩷 cards than you (ties count)
mindup-goal-7 = 🟩 is on your rightmost used collection card
mindup-goal-8 = your 🟩 cards lie on collection card 4️⃣ or 5️⃣
mindup-goal-9 = at least one 🟪 and no fewer 🟪 than 🟧 cards
mindup-goal-10 = nobody has more 🟪 cards than you (ties count)
mindup-goal-11 = all five colours
mindup-goal-12 = exactly three colours
mindup-goal-13 = a collection card with exactly 3 cards on it
mindup-goal-14 = a collection card with exactly 4 cards on it

group-mindup-play = Choose your secret card…

illegal-already_chosen = You have already chosen your card for this turn.

tiebreak-mindup-round3_score = Equal totals: whoever scored more in round 3 ranks higher.
tiebreak-mindup-bonus_icons = Equal totals and equal round 3 scores: whoever has more bonus icons (⁺¹, ⁺²) over the three rounds ranks higher ({ $icons }).
tiebreak-mindup-net_icons = Equal totals and equal round 3 scores: whoever has the higher icon sum over the three rounds ranks higher ({ $icons }).
tiebreak-mindup-shared_victory = Still tied after every tie-break: the victory is shared.

opt-mindup-goals = Goal cards
opt-mindup-goal_count = Goals active at once
opt-mindup-tiebreak2 = Second tie-break
optkey-mindup-goals = goals
optkey-mindup-goal_count = goal_count
optkey-mindup-tiebreak2 = tiebreak2
optval-mindup-goals-off = none
optval-mindup-goals-per_round = new goals each round
optval-mindup-goals-fixed = the same goals all game
optval-mindup-tiebreak2-bonus_only = bonus icons ⁺¹/⁺²
optval-mindup-tiebreak2-net_icons = all icons, penalties included
optword-mindup-goals-off = off
optword-mindup-goals-per_round = per_round
optword-mindup-goals-fixed = fixed
optword-mindup-tiebreak2-bonus_only = bonus_only
optword-mindup-tiebreak2-net_icons = net_icons

rules-mindup = Three rounds; everyone starts with 7 cards (8, then 9). Each turn everyone secretly picks a card from their hand. When all have chosen, the cards are revealed and sorted: the lowest card takes the leftmost card of the central row, the second lowest the second, and so on. The cards just played become the new central row. A card you take goes onto the collection card that already holds its colour, otherwise onto the leftmost empty one. The five collection cards (1–5, in one shuffled order for everybody) score their value for each card on them; icons on number cards add ⁺¹ or ⁺² or take ⁻¹ away. When everyone has one card left, it goes straight into the collection and the round is scored. Then everyone takes their collection back into hand, draws one card, and the collection cards are reshuffled. Highest total after three rounds wins; ties go to the better round 3, then to more bonus icons. Variant: goal cards give ±2 points at each round's end.
