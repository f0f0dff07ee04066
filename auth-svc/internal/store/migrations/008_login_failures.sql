-- Wrong passwords in a row per (account, client) (auth/guessing.go): a
-- guesser's lock is its own, and the owner still signs in from elsewhere
-- (issue 50). subject is the account's id, or 'address:' and the SHA-256
-- of the address a login named when no account has it (auth.AddressSubject:
-- no address is kept): those are counted alike, so neither a lock nor
-- the time taken tells whether an account has the address. client is the
-- address the gateway saw ('' when unknown). Retention deletes a row a day
-- after its latest failure (auth.ForgetFailuresAfter; every lock has ended
-- by then). password_failures (003) is read and written no more; a later
-- release drops it.
CREATE TABLE login_failures (
  subject      text NOT NULL,
  client       text NOT NULL,
  failures     integer NOT NULL CHECK (failures >= 0),
  last_failure timestamptz NOT NULL,
  locked_until timestamptz,
  PRIMARY KEY (subject, client)
);
CREATE INDEX login_failures_last ON login_failures (last_failure);
