-- The board's last moves when a snapshot was taken, worded in the game's language (a JSON list):
-- a restart words only the moves after the snapshot, and the board would forget the others.
-- depends: 0008_handed_clicks
ALTER TABLE snapshots ADD COLUMN last_moves TEXT NOT NULL DEFAULT '[]';
