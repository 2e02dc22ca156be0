-- The first schema: server settings, games with their seats, the action log, snapshots, results.
-- Written for both SQLite and PostgreSQL: Discord ids and seeds are 64-bit (BIGINT), times are
-- Unix seconds (DOUBLE PRECISION). SQLite reads these as its INTEGER and REAL.
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    data TEXT NOT NULL
);

CREATE TABLE user_prefs (
    user_id BIGINT PRIMARY KEY,
    dm_turns INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    thread_id BIGINT,
    message_id BIGINT,
    slug TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    status TEXT NOT NULL,
    host_id BIGINT NOT NULL,
    language TEXT NOT NULL,
    deadline DOUBLE PRECISION,
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX games_status ON games (status);
CREATE INDEX games_channel ON games (channel_id, status);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    user_id BIGINT,
    name TEXT NOT NULL,
    ai INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE actions (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    by_ai INTEGER NOT NULL,
    at DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    seq INTEGER NOT NULL,
    state TEXT NOT NULL
);

CREATE TABLE results (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    outcome TEXT NOT NULL,
    finished_at DOUBLE PRECISION NOT NULL
);
