## Words on the pictures of the table (bot/pictures): short, and no emoji, as the icons are drawn.

pic-seat = Seat { $number }
pic-to-act = { $count ->
    [one] Turn: { $names }
   *[other] Waiting for: { $names }
  }
pic-your-turn = Your turn
pic-your-cards = Your cards
pic-paused = Paused
pic-abandoned = Game ended early
pic-ai-plays = The AI plays your seat
pic-alt-board = A picture of the table in { $game }; the text above says the same.
pic-alt-hand = A picture of your cards in { $game }; the text above says the same.
pic-over = Game over
pic-deck = Deck
pic-deck-count = Deck: { $count }
pic-points = points
pic-total = total

pic-thegame-minimum = At least { $minimum } · played { $played }
pic-thegame-signal-big_jump = no big jumps
pic-thegame-signal-dont_play = don't play here
pic-thegame-won = Every card played: you won!
pic-thegame-excellent = Excellent! { $count ->
    [one] { $count } card
   *[other] { $count } cards
  } left
pic-thegame-ordinary = The game wins: { $count ->
    [one] { $count } card
   *[other] { $count } cards
  } left
pic-thegame-burned = A pile burned: { $count ->
    [one] { $count } card
   *[other] { $count } cards
  } left

pic-mindup-round = Round { $round }/{ $rounds } · turn { $turn }/{ $turns }
pic-mindup-final = Collections of the last round
pic-mindup-central = Central row
pic-mindup-goals = { $count ->
    [one] Goal
   *[other] Goals
  }
pic-mindup-before = before: { $total }
pic-mindup-total = Total: { $total }
pic-mindup-chosen = Your card is chosen
pic-mindup-waiting = { $count ->
    [one] waiting for { $count } player
   *[other] waiting for { $count } players
  }
pic-mindup-choose = Your turn: choose a card
pic-mindup-your-choice = Your choice
pic-mindup-collection = Your collection · this round: { $points }

pic-genial-goal = Goal: { $target } of every colour
pic-genial-series = Game { $game } of { $games } · goal: { $target } of every colour
pic-genial-over = { $count ->
    [one] The game is over
   *[other] The series is over
  }
pic-genial-game = Game { $game }:
pic-genial-won = { $winners } completed every colour
pic-genial-stalled = Stopped without progress; best: { $winners }
pic-genial-deadlock = { $count ->
    [one] Dead position; best: { $winners }
   *[other] Dead position; best: { $winners } (shared)
  }
pic-genial-reserve = Reserve: { $count }
pic-genial-centre = Centre
pic-genial-drawn = Drawn by { $who }
pic-genial-bank = bank: +{ $count }
pic-genial-sure-miss = No colour can match: the next draw misses
pic-genial-recycle = The reserve is empty: the next draw misses
pic-genial-odds = Next draw succeeds: { $percent }% with
pic-genial-alternative = or take 1 from the centre
pic-genial-bonus = Bonus turn
pic-genial-weakest = weakest: { $count }
pic-genial-points = points: { $points }
pic-genial-yours = Your collection · weakest: { $count }
pic-genial-now-start = Your turn: draw a token
pic-genial-now-drawing = A match! Bank or draw again?
pic-genial-preview = Outlined: what banking now adds

pic-hourglass-round = Round { $round }
pic-hourglass-round-pass = Round { $round } · deck pass { $current } of 2
pic-hourglass-empty = empty
pic-hourglass-under = under it
pic-hourglass-hand = in hand
pic-hourglass-pile = collected
pic-hourglass-score = Your hourglasses: { $score }
pic-hourglass-yours = yours

pic-zero-round = Round { $round } of { $rounds }
pic-zero-lowest = lowest total wins
pic-zero-market = Market
pic-zero-laid = laid by { $who }
pic-zero-given = you gave
pic-zero-passes = Passes
pic-zero-last-turns = Last turns: { $names }
pic-zero-last-hands = Hands at the end of the game
pic-zero-now-zero = Your hand is a Zero: call it!
pic-zero-your-cards = Your cards
pic-zero-now-turn = Your turn: give a card or pass
pic-zero-now-take = Now take a card from the market
pic-zero-is-zero = Your hand is a Zero!
pic-zero-score = Hand score: { $score }
pic-zero-toward = Toward a Zero:

## /config images

config-images = Pictures of the table on boards and hands: { $value }
cmd-config-images = images
cmd-config-images-desc = Pictures of the table on boards and hands
cmd-config-images-value = yes: boards and hands show a picture of the table; no: text only
