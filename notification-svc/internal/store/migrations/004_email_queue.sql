-- Each notification's email moves to a table of its own. Claiming an email
-- and recording its outcome rewrite its row twice; in the notification's
-- row, with its six indexes and its text, each rewrite added an entry to
-- every index (neither can be a HOT update: both change an indexed column).
-- Here a rewrite touches a narrow row and two indexes, and the notification
-- is written once. The foreign key lets the retention rule on notifications
-- delete their emails with them.
CREATE TABLE emails (
  notification_id uuid PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
  status          text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed', 'off')),
  attempts        integer NOT NULL DEFAULT 0,
  next_at         timestamptz NOT NULL,
  error           text NOT NULL DEFAULT '',
  sent_at         timestamptz
);
INSERT INTO emails (notification_id, status, attempts, next_at, error, sent_at)
  SELECT id, email_status, email_attempts, email_next_at, email_error, email_sent_at FROM notifications;
CREATE INDEX emails_due ON emails (next_at) WHERE status = 'queued';
ALTER TABLE notifications
  DROP COLUMN email_status,
  DROP COLUMN email_attempts,
  DROP COLUMN email_next_at,
  DROP COLUMN email_error,
  DROP COLUMN email_sent_at;
-- A replica of the previous release still running beside a migrated one
-- fails its inserts and claims on the dropped columns and retries them (its
-- consumer does not commit an offset it could not apply), so nothing made
-- during a rolling update is lost or mailed without its row here.
