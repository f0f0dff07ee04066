-- Each notification's email: queued until sent, switched off by its
-- recipient ('off'), or failed with its reason after a bounded number of
-- attempts. Rows from before mail existed are 'off': nobody is mailed old news.
ALTER TABLE notifications
  ADD COLUMN email_status   text NOT NULL DEFAULT 'off' CHECK (email_status IN ('queued', 'sent', 'failed', 'off')),
  ADD COLUMN email_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN email_next_at  timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN email_error    text NOT NULL DEFAULT '',
  ADD COLUMN email_sent_at  timestamptz;
ALTER TABLE notifications ALTER COLUMN email_status SET DEFAULT 'queued';
CREATE INDEX notifications_email_due ON notifications (email_next_at) WHERE email_status = 'queued';
