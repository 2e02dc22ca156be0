-- What /stats, /leaderboard and /history read, written in the commit that stores a game's result
-- (bot/storage/stats.py); `python -m bot ratings recompute` rebuilds the ratings and the team
-- records from `history` and `seat_results`, and fills both in for games finished before them.
-- depends: 0002_kicked_seats

-- One row per finished game: a server's history, newest first.
CREATE TABLE history (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    guild_id BIGINT NOT NULL,
    slug TEXT NOT NULL,
    players INTEGER NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX history_guild ON history (guild_id, finished_at);
CREATE INDEX history_guild_slug ON history (guild_id, slug, finished_at);

-- One row per seat of a finished game. `rated`: a member's seat of a competitive game, finished
-- while the server had ratings on; `user_id` is NULL for the AI's own seats.
CREATE TABLE seat_results (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    guild_id BIGINT NOT NULL,
    slug TEXT NOT NULL,
    user_id BIGINT,
    players INTEGER NOT NULL,
    score INTEGER NOT NULL,
    place INTEGER NOT NULL,
    won INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);
-- A member's games of one kind, holding every column /stats sums (no table reads), and a
-- member's games of every kind, newest first.
CREATE INDEX seat_results_member_slug
    ON seat_results (guild_id, user_id, slug, finished_at, score, won, players);
CREATE INDEX seat_results_member ON seat_results (guild_id, user_id, finished_at);

-- A member's OpenSkill rating for one game on one server (Plackett-Luce: mu, sigma), with
-- `ordinal` = mu - 3 sigma, the conservative estimate the leaderboard orders by.
CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    slug TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    ordinal DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    PRIMARY KEY (guild_id, slug, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, slug, ordinal, user_id, games);

-- A cooperative game's team results on one server, per player count.
CREATE TABLE team_records (
    guild_id BIGINT NOT NULL,
    slug TEXT NOT NULL,
    players INTEGER NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    best INTEGER NOT NULL,
    PRIMARY KEY (guild_id, slug, players)
);
