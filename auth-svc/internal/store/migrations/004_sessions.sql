-- Sessions (auth/session.go): one family per login; each refresh token is
-- stored as its SHA-256, used once, and kept until it expires so that a
-- second use is recognised as reuse and ends the family. Retention deletes
-- tokens REFRESH_TOKEN_TTL after issue, and families REFRESH_TOKEN_TTL
-- after their latest refresh (their tokens have all expired by then).
CREATE TABLE session_families (
  id           uuid PRIMARY KEY,
  user_id      uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL,
  refreshed_at timestamptz NOT NULL,
  ended_at     timestamptz
);
CREATE INDEX session_families_user ON session_families (user_id) WHERE ended_at IS NULL;
CREATE INDEX session_families_refreshed ON session_families (refreshed_at);

CREATE TABLE refresh_tokens (
  hash       bytea PRIMARY KEY,
  family_id  uuid NOT NULL REFERENCES session_families (id) ON DELETE CASCADE,
  issued_at  timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_issued ON refresh_tokens (issued_at);
