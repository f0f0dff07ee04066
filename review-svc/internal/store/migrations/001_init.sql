-- appointments is review-svc's own projection of booking.appointments.v1:
-- just enough to decide who may review what, so eligibility needs no call to
-- booking-svc. Each row keeps the highest event version seen.
CREATE TABLE appointments (
  id             text PRIMARY KEY,
  service_id     text NOT NULL,
  service_name   text NOT NULL DEFAULT '',
  customer_id    text NOT NULL,
  customer_email text NOT NULL DEFAULT '',
  provider_id    text NOT NULL DEFAULT '',
  status         text NOT NULL,
  starts_at      timestamptz NOT NULL,
  version        bigint NOT NULL,
  updated_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE reviews (
  id             uuid PRIMARY KEY,
  -- seq orders reviews written within the same clock instant (tests freeze time).
  seq            bigserial NOT NULL,
  -- One review per appointment: the constraint, not a prior read, decides a race.
  appointment_id text NOT NULL CONSTRAINT reviews_one_per_appointment UNIQUE,
  service_id     text NOT NULL,
  service_name   text NOT NULL DEFAULT '',
  provider_id    text NOT NULL DEFAULT '',
  customer_id    text NOT NULL,
  customer_email text NOT NULL DEFAULT '',
  rating         smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment        text NOT NULL,
  created_at     timestamptz NOT NULL
);
CREATE INDEX reviews_by_service ON reviews (service_id, created_at DESC, seq DESC);
CREATE INDEX reviews_by_provider ON reviews (provider_id, created_at DESC, seq DESC);
