-- The game's version when each turn DM was sent: a restart tells whether it announced the turn
-- the member is on now, or one before it (a DM queued when the bot stopped never went out).
-- depends: 0009_snapshot_last_moves
ALTER TABLE turn_dms ADD COLUMN version BIGINT;
