-- Each appointment as its mails tell it: the newest version seen on
-- booking.appointments.v1 (store/effects.go keeps it), read when a mail is
-- sent so that its details and calendar file say what holds then. A length
-- arrives only with a booking or a move; later events keep it.
CREATE TABLE appointment_details (
  appointment_id   text PRIMARY KEY,
  service          text NOT NULL DEFAULT '',
  business         text NOT NULL DEFAULT '',
  location         text NOT NULL DEFAULT '',
  customer_email   text NOT NULL DEFAULT '',
  price            numeric(12, 2) NOT NULL DEFAULT 0,
  duration_minutes integer NOT NULL DEFAULT 0,
  starts_at        timestamptz NOT NULL,
  status           text NOT NULL DEFAULT '',
  version          bigint NOT NULL DEFAULT 0
);
