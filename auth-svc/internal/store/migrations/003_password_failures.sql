-- An account's wrong passwords in a row and its lock (auth.NextFailures):
-- in the database, so every replica counts the same guesses. A row exists
-- only while a run of failures does; a right password deletes it.
CREATE TABLE password_failures (
  user_id      uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  failures     integer NOT NULL CHECK (failures >= 0),
  last_failure timestamptz NOT NULL,
  locked_until timestamptz
);
