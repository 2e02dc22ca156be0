-- How many turns in a row the clock ran out on a seat's member: the AI keeps the seat after
-- the server's number of them, also when the bot restarted in between.
-- depends: 0006_turn_dms
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
