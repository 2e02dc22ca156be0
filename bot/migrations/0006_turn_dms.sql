-- The latest turn DM each member got for each game: once the game ends, that DM says so and
-- loses its buttons, also when the bot restarted in between.
-- depends: 0005_seat_languages
CREATE TABLE turn_dms (
    game_id TEXT NOT NULL REFERENCES games (id),
    user_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    lang TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
