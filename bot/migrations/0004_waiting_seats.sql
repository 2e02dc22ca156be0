-- A seat of a rematch's lobby waits for its member to confirm; only confirmed seats play.
-- depends: 0002_kicked_seats
ALTER TABLE seats ADD COLUMN ready INTEGER NOT NULL DEFAULT 1;
