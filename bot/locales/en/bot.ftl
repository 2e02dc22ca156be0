## Shared texts of the bot. Game-specific texts live in <slug>.ftl beside this file.

yes = yes
no = no

## Games
game-mindup = Mind Up!
game-thegame = The Game
game-genial = Ingenious: Risky Collecting
game-hourglass = Hourglass
game-zero = Zero
rules-variants = Variants
rules-button = 📖 Rules
rules-this-game = In this game

## Lobby
lobby-title = 🎲 { $game } — lobby
lobby-seats = Seats ({ $count }/{ $max })
lobby-footer = Players: { $low }–{ $high }. The host starts the game when everyone is in.
lobby-join = Join
lobby-leave = Leave
lobby-addai = Add AI
lobby-rmai = Remove AI
lobby-start = Start
lobby-cancel = Cancel
lobby-closed = This lobby was closed.
lobby-left = You left the lobby.
lobby-in-thread = Your lobby is open in { $thread }.
thread-name = { $game }
ai-name = AI { $number }
seat-host = host
seat-waiting = not confirmed yet
rematch-button = 🔁 Play again
lobby-rematch = 🔁 Rematch! { $who }, press “Join” to take your { $count ->
    [one] seat
   *[other] seats
  } again; the host can start with whoever has joined.
error-rematch-players-only = Only the players of that game can start a rematch.
error-game-not-over = That game is not over yet, so it cannot be played again.
seat-ai-playing = the AI plays for now
seat-ai-kicked = the AI plays to the end
result-ai-kicked = played by the AI
options-base = Base game rules.
options-by-admins = On this server the admins choose the options (/config option).
option-seat = seat { $number }
optword-yes = yes
optword-no = no
misfit-seat = { $option }: there is no seat { $seat } in a { $players }-player game
misfit-players = { $option }: only for { $players ->
    [one] { $players } player
   *[other] { $players } players
  }

## Board
board-players = Players
board-to-act = Waiting for
board-paused = ⏸️ Paused
board-paused-until = nobody is at the table: the game goes on when a player presses “Resume”; otherwise it ends
board-last-moves = Last moves
board-final = Final result
board-footer = Game { $id } · press “My hand” to see your cards and play
board-footer-genial = Game { $id } · press “My hand” to see your collection and play
board-footer-zero = Game { $id } · press “My hand” to see your cards and play
board-my-hand = My hand
board-my-hand-genial = My hand
board-my-hand-zero = My hand
board-finished = The game is over.
board-abandoned = The game was ended early.
board-moved = ⤵️ The board has moved down: { $link }
lobby-moved = ⤵️ The lobby has moved down: { $link }
board-cancelled = The game was cancelled.
score-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
  }
results-title = 🏁 **{ $game }** is over!
results-abandoned = **{ $game }** was ended early; no result was recorded.
result-stuck = { $who } had no card to play, so the game ended.

## Private panel
hand-title = { $game } — your hand
hand-title-genial = { $game } — your collection
hand-title-zero = { $game } — your hand
hand-sits-out = You have no more moves in this game: it goes on to the end without you.
hand-wait = Not your move yet. This panel updates itself when your move comes; if it does not, press “{ $button }”.
panel-expired = ⏳ This panel no longer updates itself: press “{ $button }” for a fresh one.
hand-game-over = The game is over; see the results in the channel.
forced = Only one move is possible: { $move }
forced-thegame-stop = No card can be played: end your turn
group-part = { $group } ({ $part }/{ $parts })
signal-sent = Your signal is on the board.
signal-cleared = Your signal is off the board.

## Direct messages
dm-your-turn = Your move! Game: { $link }
dm-game = Game: { $link }
hand-clock = Your time runs out
dm-reminder = ⏳ Half your time is up: the clock runs out { $when }. Game: { $link }
dm-closed = I could not send you a direct message, so play from the channel with the “{ $button }” button.
dm-turn-off = No more turn DMs
dm-turn-on = Turn DMs back on
dm-on = You will get a DM when it is your move.
dm-off = No more turn DMs. You can still play with “My hand” in the channel, and `/game dms` turns them back on.
dm-cannot-post = I am not allowed to post in { $channel }, where your game of { $game } is played, so its updates, board and results cannot be shown there. { $count ->
    [0] An admin can check my permissions { $settings }.
    [one] I am missing the { $missing } permission there: an admin can give it back { $settings }, under Permissions.
   *[other] I am missing these permissions there: { $missing }. An admin can give them back { $settings }, under Permissions.
} The game goes on meanwhile.
dms-now-on = When it is your move in a game, I will send you a DM to play from.
dms-now-off = Turn DMs are off: when it is your move, play with “My hand” in the channel.

## Leaving and ending
leave-confirm = Leave **{ $game }**? The AI will take your seat and finish the game for you.
leave-confirm-button = Yes, leave
leave-done = You left the game; the AI plays your seat now.
end-confirm = End **{ $game }** for everyone? No result will be recorded.
end-confirm-button = Yes, end it
end-done = The game was ended.

## Refusals
error-game-over = This game is already over.
error-game-restarting = The bot is restarting, so nothing was played. Try again in a few seconds.
error-options-locked = On this server only admins set game options (/config).
error-already-joined = You are already in this game.
error-lobby-full = This lobby is full.
error-not-in-lobby = You are not in this lobby.
error-no-ai-seat = There is no AI seat to remove.
error-seat-count = This game needs { $low } to { $high ->
    [one] { $high } player
   *[other] { $high } players
  }.
error-options-players = These options do not work with this number of players: { $detail }
error-already-started = The game has already started.
error-lobby-closed = This lobby has closed.
error-status-elsewhere = Your game is being played in { $channel }: use this command there.
error-host-only = Only the host can do that.
error-not-a-player = You are not in this game.
error-not-started = The game has not started yet.
error-stale = That panel was out of date, so nothing was played. Here is the current one.
error-nothing-to-undo = You have no move to take back right now.
board-undo = ↩️ { $who } took their last move back.
undo-button = ↩️ Undo
error-unexpected = Sorry, something went wrong on our side. The game is safe: please try again.
error-not-saved = Sorry, that could not be saved, so nothing changed. Please try again in a moment.
error-owner-away = The part of the bot that runs this game is restarting, so nothing changed. Please try again in a moment.
error-owner-lost = The part of the bot that runs this game stopped while it was making your move. Look at the game to see whether the move was made before you try again.
error-unknown-game = There is no such game here. Pick one from the list.
error-kicked = You were removed from this game, so you can no longer play in it.
error-kick-self = You cannot remove yourself. To leave the game, use /game leave: the AI plays your seat, and you can take it back.
error-member-not-playing = That member is not playing in this game.
error-lobbies-member = { $count ->
    [one] You already host an open lobby here. Start or cancel it first.
   *[other] You already host { $count } open lobbies here. Start or cancel one of them first.
}
error-lobbies-server = { $count ->
    [one] This server already has an open lobby. Start or cancel it first, or ask an admin to allow more (/config lobbies).
   *[other] This server already has { $count } open lobbies. Start or cancel one of them first, or ask an admin to allow more (/config lobbies).
}
error-channel-busy = This channel already has a game or a lobby. Wait until it is over, or ask an admin to turn on threads (/config threads) so that each game gets its own.
error-thread-busy = This thread already has a game or a lobby. Type /newgame in the channel: each game gets a thread of its own.
error-busy-here = This channel already has a game or a lobby. Wait until it is over, or open the game in another channel.
error-channel-busy-threads = This channel already has a game or a lobby. Wait until it is over, or type /newgame: each new game gets a thread of its own.
error-thread-busy-no-threads = This thread already has a game or a lobby. Wait until it is over, or open the game in another channel.
error-bot-permissions = I cannot run a game here: I am missing { $count ->
    [one] the { $missing } permission. An admin can grant it
   *[other] these permissions: { $missing }. An admin can grant them
} { $settings }, under Permissions.
error-bot-permissions-pictures = I cannot run a game here: I am missing the { $missing } permission, which the pictures of the table need. An admin can grant it { $settings }, under Permissions, or turn the pictures off with `/config images value:no`.
permission-settings = in the channel's settings
permission-settings-parent = in the settings of { $channel }
permission-view_channel = View Channel
permission-send_messages = Send Messages
permission-create_public_threads = Create Public Threads
permission-send_messages_in_threads = Send Messages in Threads
permission-embed_links = Embed Links
permission-attach_files = Attach Files
error-options-syntax = I could not read “{ $part }”. Write options as name=value, for example { $example }.
error-option-unknown = This game has no option “{ $option }”. Its options: { $names }.
error-option-invalid = The option “{ $option }” cannot be “{ $value }”. Choose one of: { $values }.
error-option-unavailable = “{ $value }” cannot be chosen for “{ $option }” now.
error-option-needs = { $option } goes only with { $needs }: type both, `{ $needs } { $option }`.
error-options-clash = These options do not go together: { $options }.
error-option-twice = The option “{ $option }” is given twice with different values: give it once.
error-no-game-here = You have no game running here.
error-several-games = You are playing more than one game on this server: use this command in the channel of the one you mean ({ $channels }).
error-config-admin-only = Only members with the Manage Server permission can change the settings.
error-config-invalid = That setting is not valid: { $detail }
error-config-no-threads = Games cannot have threads of their own here: every game is played in the channel it was opened in.
illegal-malformed = That action could not be understood.
illegal-game_over = This game is already over.
illegal-not_your_turn = It is not your turn.
illegal-not_legal = That move is not allowed right now.
illegal-not_in_hand = You do not have that card.
illegal-illegal_pile = That card cannot go there.
illegal-bad_seat = You are not in this game.

## Settings
config-saved = Saved.
config-language = Language of public messages: { $value }
language-en = English
language-ru = Russian
config-threads = Games in their own threads: { $value }
config-turn-seconds = Turn clock: { $seconds ->
    [0] off
    [one] { $seconds } second
   *[other] { $seconds } seconds
  }
config-choice-seconds = Clock for secret choices: { $seconds ->
    [0] off
    [one] { $seconds } second
   *[other] { $seconds } seconds
  }
config-host-options = Hosts may change game options: { $value }
config-players-options = Every player in a lobby may change its options: { $value }
config-defaults = { $game }: this server's default options

## Slash commands (names must stay lowercase, no spaces)
cmd-newgame = newgame
cmd-newgame-desc = Open a lobby for a new game here
cmd-newgame-game = The game to play
cmd-newgame-options = Rule variants as name=value (suggested as you type); the lobby offers them too
cmd-arg-game = game
cmd-arg-options = options
cmd-game = game
cmd-game-desc = Your current game
cmd-hand = hand
cmd-hand-desc = Show your hand
cmd-status = status
cmd-status-desc = Post the board (or the lobby) again
cmd-leave = leave
cmd-leave-desc = Leave your game; the AI takes your seat
cmd-end = end
cmd-end-desc = End this game for everyone
cmd-rules = rules
cmd-rules-desc = How to play a game
cmd-config = config
cmd-config-desc = Server settings for games (admins)
cmd-config-show = show
cmd-config-show-desc = Show this server's settings
cmd-config-language = language
cmd-config-language-desc = Language of public game messages
cmd-config-threads = threads
cmd-config-threads-desc = Open each game in its own thread
cmd-config-timer = timer
cmd-config-timer-desc = Seconds per turn and per secret choice (0 = off)
cmd-config-host-options = host-options
cmd-config-host-options-desc = Whether hosts may change game options
cmd-config-option = option
cmd-config-option-desc = A game's default options on this server, chosen from lists

## Never stuck
notice-reminder = ⏳ { $who }, half your time is up: the clock runs out { $when }.
notice-takeover = 🤖 { $who } did not move in time{ $timeouts ->
    [1] { "" }
   *[other] { " again" }
  }, so the AI plays { $count ->
    [one] their seat
   *[other] their seats
  } from now on. Press the button below to take your seat back.
notice-afk-ended = ⌛ { $who } did not move in time, so the game ended (this server's setting).
notice-lobby-expired = The lobby has closed: nobody started the game within { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
  }.
notice-member-left = { $who } has left the server; the AI plays their seat now.
notice-left = 🚪 { $who } left the game; the AI plays their seat now. Changed your mind? You can take it back with the button below until the game ends.
notice-kicked = 🚪 { $who } was removed from the game; the AI plays their seat to the end.
notice-paused = ⏸️ { $who }: nobody is playing any more, so the game is paused. Press “Resume” to take your seat back; if nobody does within { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
  }, the game ends without a result.
notice-resumed = ▶️ { $who } is back, and the game goes on.
resume-button = Resume
dm-kicked = You were removed from **{ $game }** by its host or a server admin; the AI plays your seat to the end. Game: { $link }
confirm-cancel-button = Cancel
confirm-cancelled = Nothing changed.
reclaim-button = Take my seat back
reclaim-done = You have your seat back. Press “{ $button }” to play.
error-seat-not-taken = The AI is not playing your seat.
error-ai-plays-seat = The AI is playing your seat. To play again, take it back: open “My hand” and press “Take my seat back”.
hand-ai-plays = The AI is playing your seat. Take it back to play again.
kick-done = The AI plays { $member }'s seat now.
kick-done-lobby = { $member }'s seat in the lobby is free again.
kick-done-lobby-closed = { $member } was the last member in the lobby, so it was closed.
config-afk-ai = When the clock runs out: the AI moves; after { $count ->
    [one] { $count } timeout
   *[other] { $count } timeouts
  } in a row it keeps the seat
config-afk-end = When the clock runs out: the game ends
config-reminder-off = Half-time reminder: off
config-reminder-mention = Half-time reminder: a mention in the channel
config-reminder-dm = Half-time reminder: a direct message
config-lobby-minutes = A lobby closes if not started within { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
  }
config-pause-minutes = A paused game with nobody left at the table ends after { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
  }
cmd-kick = kick
cmd-kick-desc = Hand a member's seat to the AI (host or admins)
cmd-dms = dms
cmd-dms-desc = Turn the DMs about your move on or off
cmd-games = games
cmd-games-desc = The lobbies you can join and the games being played on this server
cmd-arg-member = member
cmd-config-afk = afk
cmd-config-afk-desc = What happens when a player lets the clock run out
config-lobbies = Open lobbies at a time: { $member } per member, { $server } per server
cmd-config-lobbies = lobbies
cmd-config-lobbies-desc = How many lobbies may be open at once
cmd-config-lobbies-member = How many open lobbies one member may host (1–25)
cmd-config-lobbies-server = How many lobbies may be open in this server in all (1–200)
cmd-arg-per-member = per_member
cmd-arg-per-server = per_server

## Slash command options (names: 1–32 lowercase characters; descriptions: at most 100)
cmd-arg-value = value
cmd-arg-turn-seconds = turn_seconds
cmd-arg-choice-seconds = choice_seconds
cmd-arg-policy = policy
cmd-arg-takeover-after = takeover_after
cmd-arg-reminder = reminder
cmd-arg-lobby-minutes = lobby_minutes
cmd-arg-pause-minutes = pause_minutes
cmd-arg-players = players
cmd-rules-game = The game whose rules you want to read
cmd-kick-member = The member whose seat the AI takes over
cmd-config-language-value = English or Russian
cmd-config-threads-value = True: every game gets its own thread; False: games are played in the channel
cmd-config-timer-turn = Seconds for each turn (0 = no clock)
cmd-config-timer-choice = Seconds for a secret choice, as in Mind Up! (0 = no clock); unchanged if left out
cmd-config-afk-policy = What happens when the clock runs out
choice-afk-ai = the AI moves for the player
choice-afk-end = the game ends
cmd-config-afk-takeover = After this many timeouts in a row the AI keeps the seat (1–20)
cmd-config-afk-reminder = A reminder when half the time is up, and how it is sent
choice-reminder-off = no reminder
choice-reminder-mention = a mention in the channel
choice-reminder-dm = a direct message
cmd-config-afk-lobby-minutes = Minutes after which a lobby that nobody started closes (1–1440)
cmd-config-afk-pause-minutes = Minutes a game with nobody left at the table waits before it ends (1–1440)
cmd-config-host-options-value = True: hosts may choose options in /newgame; False: the server's defaults apply
cmd-config-option-game = The game whose default options you set
cmd-config-host-options-players = True: every player in a lobby may change its options, not only the host

## /games

games-title = 🎲 Games on this server
games-none = No lobby is open and no game is being played on this server. Start one with `/newgame`.
games-lobby = 🟢 **{ $game }** · [lobby]({ $link }) in { $channel } · { $taken } of { $seats } { $seats ->
    [one] seat
   *[other] seats
} taken: { $players }
games-running = ▶️ **{ $game }** · [game]({ $link }) in { $channel } · { $players }
games-paused = ⏸️ **{ $game }** · [paused]({ $link }) in { $channel } · { $players }
games-more = …and { $count } more.
