-- Mails about an account (auth.accounts.v1: verification and reset links,
-- the notice of an email change), kept apart from notifications: they are
-- not in anyone's list, go to the address in the event (verified or not,
-- switched on or not) and carry a link's secret, which is blanked once the
-- mail is sent. Retention deletes a row a week after it arrived.
CREATE TABLE account_mails (
  event_id   text PRIMARY KEY,
  kind       text NOT NULL,
  user_id    text NOT NULL,
  email      text NOT NULL,
  name       text NOT NULL,
  token      text NOT NULL,
  new_email  text NOT NULL,
  expires_at timestamptz,
  created_at timestamptz NOT NULL,
  status     text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
  attempts   integer NOT NULL DEFAULT 0,
  next_at    timestamptz NOT NULL,
  error      text NOT NULL DEFAULT '',
  sent_at    timestamptz
);
CREATE INDEX account_mails_due ON account_mails (next_at) WHERE status = 'queued';
CREATE INDEX account_mails_created ON account_mails (created_at);
