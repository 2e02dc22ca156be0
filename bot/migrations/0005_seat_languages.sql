-- The language of a seat's member, as their Discord client showed it when they took the seat:
-- the bot's DMs to them about the game are written in it, also after a restart.
-- depends: 0004_waiting_seats
ALTER TABLE seats ADD COLUMN lang TEXT;
