## /stats

stats-title = 📊 { $name } — { $game }
stats-all-games = all games
stats-none = { $name } has not finished a game on this server yet.
stats-none-game = { $name } has not finished a game of { $game } on this server yet.
stats-games = { $games ->
    [one] { $games } game
   *[other] { $games } games
  } · { $wins } won ({ $rate }%)
stats-rating = Rating: **{ $rating }** (after { $games ->
    [one] { $games } game
   *[other] { $games } games
  } with other members)
stats-unrated = Rating: none yet (it comes from games with other members)
stats-scores = { $order ->
    [low] Best (lowest) score
   *[high] Best score
  }: { $best } · average: { $average }
stats-recent = Latest games
stats-place = place { $place } of { $players }
stats-players = { $count ->
    [one] { $count } player
   *[other] { $count } players
  }
stats-team-won = all cards played
stats-cards-left = { $count ->
    [one] { $count } card left
   *[other] { $count } cards left
  }
stats-team-line = **{ $players ->
    [one] { $players } player
   *[other] { $players } players
  }**: { $games ->
    [one] { $games } game
   *[other] { $games } games
  }, { $wins } won ({ $rate }%), fewest cards left: { $best }
rating-explained = Rating = 1,000 + 40 × (μ − 3σ): OpenSkill's cautious estimate of a player's skill. Everyone starts at 1,000; it rises with wins, and as more games make the estimate more certain.

## /leaderboard

leaderboard-title = 🏆 { $game } — leaderboard
leaderboard-line = **{ $place }.** { $name } — **{ $rating }** · { $games ->
    [one] { $games } game
   *[other] { $games } games
  }
leaderboard-empty = Nobody has played { $min ->
    [one] { $min } game
   *[other] { $min } games
  } with other members yet.
leaderboard-you = You
leaderboard-mine = Place { $place } · **{ $rating }** · { $games ->
    [one] { $games } game
   *[other] { $games } games
  }
leaderboard-mine-few = You are not on the leaderboard yet: it takes { $needed ->
    [one] { $needed } game
   *[other] { $needed } games
  } with other members, and you have played { $games }.
leaderboard-mine-none = You have not played this game with other members yet.
leaderboard-page = Page { $page } of { $pages } · members are listed once they have played { $min ->
    [one] { $min } game
   *[other] { $min } games
  } with other members
leaderboard-previous = ◀ Previous
leaderboard-next = Next ▶
teams-title = 🤝 { $game } — team results
teams-empty = Nobody on this server has played this game to the end yet.
teams-footer = Everyone plays together: no ratings, only the team's results by player count.

## /history and replays

history-title = 📜 Latest games on this server
history-title-game = 📜 Latest games: { $game }
history-line = **{ $number }.** { $game } · `{ $id }`
history-empty = No game has finished on this server yet.
history-empty-game = No game of { $game } has finished on this server yet.
history-footer = 🎬 The buttons below replay a game; /game log id:<id> sends its log as a file.
history-replay = Replay { $number }
replay-button = Replay
replay-title = 🎬 { $game } — move { $step } of { $steps }
replay-title-start = 🎬 { $game } — the start
replay-move = This move
replay-deal = The game begins.
replay-undo = ↩️ { $who } took their last move back.
replay-acted = { $who } moved.
replay-acted-mindup = { $who } chose a card (their hand below shows which).
replay-footer = The game is over, so nothing in it is secret any more: every player's hand is shown. Game { $id }
log-attached = 📄 The log of game { $id }: engine version, seed, options, seats and every action. docs/replays.md shows how to replay it in a few lines of Python.

## Refusals

error-server-only = This only works in a server.
error-ratings-off = Ratings are off on this server (/config ratings).
error-replay-unknown = There is no finished game with that id on this server.
error-replay-hidden = That game was played in a channel you can't see: only its players and those who can see that channel may look at it.
error-replay-running = That game is still being played: its log will be available once it is over.
error-replay-unfinished = That game was ended early, without a result: there is nothing to replay.
error-replay-changed = The rules have changed since that game was played: it can no longer be replayed exactly.

## /config

config-ratings = Ratings: { $value } · leaderboards list members once they have played { $games ->
    [one] { $games } game
   *[other] { $games } games
  } with other members

## Slash commands

cmd-stats = stats
cmd-stats-desc = A member's games and rating on this server
cmd-stats-member = Whose games (you, if left out)
cmd-stats-game = One game (every game, if left out)
cmd-leaderboard = leaderboard
cmd-leaderboard-desc = The best players of a game on this server
cmd-leaderboard-game = The game to rank
cmd-history = history
cmd-history-desc = The latest finished games on this server
cmd-history-game = One game (every game, if left out)
cmd-log = log
cmd-log-desc = A finished game as a JSON file, to replay it
cmd-log-id = The game's id, as /history and the board show it
cmd-arg-id = id
cmd-config-ratings = ratings
cmd-config-ratings-desc = Rate competitive games; leaderboards
cmd-config-ratings-value = yes: finished games change the players' ratings; no: they do not
cmd-config-ratings-min-games = Rated games a member needs to be on a leaderboard (1–1000)
cmd-arg-min-games = min_games
