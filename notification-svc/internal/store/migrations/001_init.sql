-- One row per message to one recipient. source names what made it (an
-- event id, or a reminder: reminder/<appointment>/<kind>/<start>); the
-- constraint makes a second notification of one (source, recipient)
-- impossible even if the inbox were bypassed.
CREATE TABLE notifications (
  id             uuid PRIMARY KEY,
  -- seq orders notifications made within the same clock instant.
  seq            bigserial NOT NULL,
  recipient_id   text NOT NULL,
  kind           text NOT NULL,
  text           text NOT NULL,
  appointment_id text NOT NULL DEFAULT '',
  source         text NOT NULL,
  read_at        timestamptz,
  created_at     timestamptz NOT NULL,
  CONSTRAINT notifications_once UNIQUE (source, recipient_id)
);
CREATE INDEX notifications_by_recipient ON notifications (recipient_id, created_at DESC, seq DESC);
CREATE INDEX notifications_unread ON notifications (recipient_id) WHERE read_at IS NULL;

-- A customer's reminders, one row per (appointment, kind), kept in step with
-- the appointment's highest event version. The scheduler claims due rows with
-- FOR UPDATE SKIP LOCKED, so replicas never both send one.
CREATE TABLE reminders (
  appointment_id text NOT NULL,
  kind           text NOT NULL,
  recipient_id   text NOT NULL,
  text           text NOT NULL,
  starts_at      timestamptz NOT NULL,
  due_at         timestamptz NOT NULL,
  state          text NOT NULL CHECK (state IN ('pending', 'sent', 'dropped')),
  version        bigint NOT NULL,
  sent_at        timestamptz,
  PRIMARY KEY (appointment_id, kind)
);
CREATE INDEX reminders_due ON reminders (due_at) WHERE state = 'pending';
