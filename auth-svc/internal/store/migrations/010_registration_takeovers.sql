-- A registration on an address whose account is unverified waits here for
-- the link mailed to the address (auth/takeover.go): its hash (SHA-256 of
-- the link), the unverified account it replaces, and the registration as
-- it will be stored (its password hash, never the password). It goes with
-- that account, and retention deletes it with the links a week after issue.
CREATE TABLE registration_takeovers (
  hash        bytea PRIMARY KEY,
  squatter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email       text NOT NULL,
  account     jsonb NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX registration_takeovers_squatter ON registration_takeovers (squatter_id, created_at DESC);
CREATE INDEX registration_takeovers_email ON registration_takeovers (email, created_at DESC);
CREATE INDEX registration_takeovers_created ON registration_takeovers (created_at);
