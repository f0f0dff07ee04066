-- Appointments. The partial unique index is the no-double-booking rule: at
-- most one appointment that holds its slot (not cancelled, not rejected) per
-- (service, start). Two concurrent bookings cannot both commit.
CREATE TABLE appointments (
  id               uuid PRIMARY KEY,
  service_id       text NOT NULL,
  service_name     text NOT NULL,
  service_category text NOT NULL,
  provider_id      text NOT NULL,
  provider         text NOT NULL,
  location         text NOT NULL,
  customer_id      text NOT NULL,
  customer_name    text NOT NULL,
  customer_email   text NOT NULL,
  customer_phone   text NOT NULL,
  customer_address text NOT NULL,
  notes            text NOT NULL DEFAULT '',
  starts_at        timestamptz NOT NULL,
  -- slot_label is the slot as the service listed it ("09:00" or "9:00 AM").
  slot_label       text NOT NULL,
  status           text NOT NULL CHECK (status IN ('pending', 'scheduled', 'confirmed', 'in-progress',
                     'completed', 'cancelled', 'rejected', 'no-show')),
  has_reviewed     boolean NOT NULL DEFAULT false,
  version          bigint NOT NULL,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL
);
CREATE UNIQUE INDEX appointments_one_active_per_slot ON appointments (service_id, starts_at)
  WHERE status NOT IN ('cancelled', 'rejected');
CREATE INDEX appointments_by_customer ON appointments (customer_id, starts_at);
CREATE INDEX appointments_by_provider ON appointments (provider_id, starts_at);

-- The first result of a keyed POST /appointments, replayed for 24 hours.
CREATE TABLE idempotency_keys (
  customer_id   text NOT NULL,
  idem_key      text NOT NULL,
  request_hash  text NOT NULL,
  appointment   jsonb NOT NULL,
  created_at    timestamptz NOT NULL,
  PRIMARY KEY (customer_id, idem_key)
);
