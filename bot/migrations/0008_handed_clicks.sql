-- DM clicks handed from shard 0 to the process of their game, and which side settled each: the
-- owner, which plays it, or shard 0, which told the member to try again when the owner did not
-- take it in time. The first row wins, so a click is never both refused and played. Rows are
-- kept as long as a click's token lasts (15 minutes).
-- depends: 0007_seat_timeouts
CREATE TABLE handed_clicks (
    id TEXT PRIMARY KEY,
    settled_by TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
