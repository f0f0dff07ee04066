-- A provider's schedule over all their services (docs/product.md#provider-schedule):
-- whether the queue takes bookings, and days off. A provider without a row
-- in provider_queues has an open queue.
CREATE TABLE provider_queues (
  provider_id text PRIMARY KEY, -- auth's user id
  queue_open  boolean NOT NULL,
  updated_at  timestamptz NOT NULL
);

-- closures: runs of days off, dates in the business time zone, both ends
-- included. Reads take a provider's closures that have not ended.
CREATE TABLE closures (
  id          uuid PRIMARY KEY,
  provider_id text NOT NULL,
  from_date   date NOT NULL,
  to_date     date NOT NULL CHECK (to_date >= from_date),
  note        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL
);
CREATE INDEX closures_by_provider ON closures (provider_id, to_date, from_date);
