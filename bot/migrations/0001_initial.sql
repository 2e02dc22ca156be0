-- The first schema: server settings, games with their seats, the action log, snapshots, results.
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    data TEXT NOT NULL
);

CREATE TABLE user_prefs (
    user_id INTEGER PRIMARY KEY,
    dm_turns INTEGER NOT NULL DEFAULT 1
);

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    thread_id INTEGER,
    message_id INTEGER,
    slug TEXT NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL,
    host_id INTEGER NOT NULL,
    language TEXT NOT NULL,
    deadline REAL,
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX games_status ON games (status);
CREATE INDEX games_channel ON games (channel_id, status);

CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games (id),
    seat INTEGER NOT NULL,
    user_id INTEGER,
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
    at REAL NOT NULL,
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
    finished_at REAL NOT NULL
);
