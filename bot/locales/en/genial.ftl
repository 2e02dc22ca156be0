## Ingenious: Risky Collecting — board, hand panel, moves, options and rules.

genial-header = Goal: { $target ->
    [one] **{ $target }** token
   *[other] **{ $target }** tokens
  } of every colour
genial-header-series = **Game { $game } of { $games }** · goal: { $target ->
    [one] **{ $target }** token
   *[other] **{ $target }** tokens
  } of every colour
genial-over = { $count ->
    [one] **The game is over.**
   *[other] **The series of { $count } games is over.**
  }
genial-game-number = Game { $game }:
genial-result-won = 🏆 { $winners } completed every colour.
genial-result-stalled = ⏸ Stopped after { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
  } in a row without any collection changing; ranked by collections (best: { $winners }).
genial-result-deadlock = ⛔ Ended at once in a dead position: only { $tokens } remained outside the collections, and nobody who still needed those colours could ever collect them. { $count ->
    [one] Ranked by collections (best: { $winners }).
   *[other] Ranked by collections: { $winners } share first place.
  }
genial-bonus-turn = ⭐ Bonus turn for { $who }{ $count ->
    [0] {""}
    [one] {" "}(one more after it)
   *[other] {" "}({ $count } more after it)
  }
genial-bonus-turn-yours = ⭐ This is your bonus turn{ $count ->
    [0] {""}
    [one] {" "}(one more after it)
   *[other] {" "}({ $count } more after it)
  }
genial-centre = 🎯 Centre: { $tokens }
genial-staging = 🖐️ { $who } has drawn { $tokens } · banking now collects { $gain }
genial-staging-yours = 🖐️ Your draws: { $tokens }
genial-safe = ✅ The next draw succeeds with { $colours }: { $good } of the { $total ->
    [one] { $total } reserve token
   *[other] { $total } reserve tokens
  } ({ $percent }%)
genial-miss = 💥 A miss with { $parts }
genial-miss-yours = 💥 A miss with { $parts }: all your draws would go to the centre
genial-miss-sure = 💥 The next draw is sure to miss: { $parts }
genial-miss-yours-sure = 💥 The next draw is sure to miss ({ $parts }): all your draws would go to the centre
genial-miss-staged = { $colours } (drawn already)
genial-miss-absent = { $colours } (not in the centre)
genial-odds-recycle = ♻️ The reserve is empty: the next draw shuffles the centre into a new reserve, so it is sure to miss.
genial-alternative = ↩️ { $who } may instead take 1 { $colour } from the centre (alternative move).
genial-reserve = 👝 Reserve: { $count ->
    [one] { $count } token
   *[other] { $count } tokens
  } face down
genial-collections = 📊 Collections (goal { $target } each · ⭐ bonus turn earned):
genial-weakest = weakest { $count }
genial-series-title = 🏅 Series points (the weakest colour of each game):
genial-your-collection = 📦 Your collection: { $tokens } · { $weakest }
genial-your-series = 🏅 Your series points so far: **{ $points }**
genial-now-draw = 👉 Your turn: draw a token from the reserve.
genial-now-alternative = ↩️ Or take 1 { $colour } from the centre instead (alternative move: it is your only weakest colour). That ends your turn.
genial-now-choose = 👉 A match! Bank your draws, or draw again?
genial-bank-preview = 💰 Bank now: { $tokens } → { $counts }
genial-bank-wins = 🏆 Banking now completes every colour: you win!
genial-bank-bonus = ⭐ { $colours } would reach the goal: { $count ->
    [one] a bonus turn!
   *[other] { $count } bonus turns!
  }
genial-bank-surplus = 📤 Above { $target }, { $tokens } would go back to the reserve.
genial-draw-again = 🎲 Or draw again:
genial-do-draw = 🎲 Draw a token
genial-do-bank = 💰 Bank
genial-do-alternative = ↩️ Take 1 { $colour } from the centre

genial-ev-success = { $who } draws { $colour }: a match
genial-ev-no-match = 💥 { $who } draws { $colour }: there is no { $colour } in the centre — a miss! { $count ->
    [one] It goes
   *[other] { $tokens } go
  } to the centre.
genial-ev-conflict = 💥 { $who } draws { $colour } a second time this turn — a miss! { $tokens } go to the centre.
genial-ev-bank = 💰 { $who } banks { $tokens }
genial-ev-bonus = ⭐ { $who } completes { $colours }: { $count ->
    [one] a bonus turn!
   *[other] { $count } bonus turns!
  }
genial-ev-capped = { $who } returns the surplus { $tokens } to the reserve
genial-ev-alternative = ↩️ { $who } takes 1 { $colour } from the centre (alternative move)
genial-ev-bonus-turn = ⭐ { $who } takes a bonus turn
genial-ev-recycled = ♻️ The reserve ran out: { $count ->
    [one] the { $count } centre token was
   *[other] the { $count } centre tokens were
  } shuffled into a new reserve.
genial-ev-game-won = 🏆 Game { $game } is over: { $winners } completed every colour! Points: { $points }
genial-ev-game-stalled = ⏸ Game { $game } was stopped: { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
  } without any collection changing. Best collection: { $winners }. Points: { $points }
genial-ev-deadlock = ⛔ No collection can change any more. Outside the collections only { $tokens } remain, and whoever still needs one of these colours can never collect it: banking a colour takes two of its tokens (one in the centre and one drawn), and the alternative move needs a single weakest colour. Still needed: { $needs }.
genial-ev-game-deadlock = ⛔ Game { $game } is over: a dead position. { $count ->
    [one] Best collection: { $winners }.
   *[other] { $winners } share first place with equal collections.
  } Points: { $points }
genial-ev-single-won = 🏆 { $winners } completed every colour! Points: { $points }
genial-ev-single-stalled = ⏸ The game was stopped: { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
  } without any collection changing. Best collection: { $winners }. Points: { $points }
genial-ev-single-deadlock = ⛔ The game is over: a dead position. { $count ->
    [one] Best collection: { $winners }.
   *[other] { $winners } share first place with equal collections.
  } Points: { $points }
genial-ev-game-started = 🔄 Game { $game } begins; { $who } starts.

result-genial-stalled = ⏸ The game was stopped by the safeguard (500 turns without any collection changing) and ranked by collections.
result-genial-deadlock = ⛔ The game ended at once in a dead position: every token left outside the collections was of a colour that nobody who needed it could collect, so no collection could change any more. Places follow the collections.
tiebreak-genial-next_weakest_colour = Equal weakest colours were decided by the next-weakest colour, then the next, and so on.
tiebreak-genial-most_games_won = Equal series totals were decided by the number of games won.

illegal-bank_without_success = You can bank only right after a successful draw.
illegal-alternative_after_draw = The alternative move is only possible at the start of your turn, before you draw.
illegal-alternative_not_allowed = You cannot take that token: the alternative move needs a single weakest colour in your collection, and that colour in the centre.

opt-genial-three_player_target = Goal per colour with three players
opt-genial-games = Games in the series
opt-genial-series_tiebreak_most_wins = Equal series totals: most games won decides
opt-genial-start_seat = Who starts the first game
optkey-genial-three_player_target = three_player_target
optkey-genial-games = games
optkey-genial-series_tiebreak_most_wins = series_tiebreak_most_wins
optkey-genial-start_seat = start_seat
optval-genial-three_player_target-6 = 6 (original German edition)
optval-genial-three_player_target-7 = 7 (Russian edition)

rules-genial = Collect tokens in six colours 🟥🟧🟨🟩🟦🟪 (21 of each). A few tokens lie face up in the centre; before every turn it is topped up to three. On your turn draw a token from the reserve. If the centre has that colour and you have not drawn it yet this turn, it is a match: draw again, or bank — take your drawn tokens plus every centre token of those colours into your collection. A miss (no such colour in the centre, or a colour you already drew this turn) sends all your drawn tokens to the centre and ends your turn. The goal is 7 tokens of every colour (5 with four players); tokens above the goal go back to the reserve. The first time a colour reaches the goal you get a bonus turn. Alternative move: if exactly one colour is your weakest and the centre has it, you may take one such token instead of drawing. The first to complete every colour wins; the others rank by their weakest colour, then the next weakest. In a series, each game scores as many points as you have tokens of your weakest colour.
