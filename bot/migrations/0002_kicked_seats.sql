-- A seat whose member was kicked: the AI plays it, and the member may not take it back.
-- depends: 0001_initial
ALTER TABLE seats ADD COLUMN kicked INTEGER NOT NULL DEFAULT 0;
