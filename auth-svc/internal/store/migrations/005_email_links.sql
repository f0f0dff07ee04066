-- Verified email (auth/verification.go): when the address was proved by its
-- link, and the address an email change waits on. Accounts from before
-- verification existed were mailed all along: they count as verified.
ALTER TABLE users
  ADD COLUMN email_verified_at timestamptz,
  ADD COLUMN pending_email text NOT NULL DEFAULT '';
UPDATE users SET email_verified_at = created_at;

-- Mailed links (auth/links.go): verification and password reset, each
-- stored as its SHA-256, used once, dead after expires_at. Retention
-- deletes them a week after issue (long dead by then).
CREATE TABLE account_links (
  hash       bytea PRIMARY KEY,
  user_id    uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose    text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  email      text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX account_links_user ON account_links (user_id, purpose, created_at DESC);
CREATE INDEX account_links_created ON account_links (created_at);
