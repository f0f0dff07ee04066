-- Team members (docs/product.md#team-members): the people of a provider who
-- perform its services, each with their working hours and days off.
-- Every provider has exactly one owner member, whose id is
-- md5('owner:' || provider_id)::uuid, so booking-svc's migration names it
-- without reading these tables (docs/adr/0065-staff-schedules-over-an-internal-call.md).
-- hours: [{"weekday": 0..6, "from": "HH:MM", "to": "HH:MM"}], business time zone.
-- A removed member keeps its row (appointments name it) but leaves every list.
CREATE TABLE staff_members (
  id          uuid PRIMARY KEY,
  provider_id text NOT NULL, -- auth's user id
  name        text NOT NULL,
  email       text NOT NULL DEFAULT '',
  is_owner    boolean NOT NULL DEFAULT false,
  hours       jsonb NOT NULL DEFAULT '[]',
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL,
  removed_at  timestamptz
);
CREATE UNIQUE INDEX staff_one_owner ON staff_members (provider_id) WHERE is_owner;
CREATE INDEX staff_by_provider ON staff_members (provider_id) WHERE removed_at IS NULL;

-- Which services a member performs.
CREATE TABLE staff_services (
  staff_id   uuid NOT NULL REFERENCES staff_members (id),
  service_id uuid NOT NULL REFERENCES services (id),
  PRIMARY KEY (staff_id, service_id)
);
CREATE INDEX staff_services_by_service ON staff_services (service_id);

-- A member's own days off, as closures are the business's.
CREATE TABLE staff_closures (
  id          uuid PRIMARY KEY,
  staff_id    uuid NOT NULL REFERENCES staff_members (id),
  provider_id text NOT NULL,
  from_date   date NOT NULL,
  to_date     date NOT NULL CHECK (to_date >= from_date),
  note        text NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL
);
CREATE INDEX staff_closures_by_member ON staff_closures (staff_id, to_date, from_date);

-- The owner of every provider with services, named after the business
-- (its newest service's), working every day all day and performing every
-- service: nothing changes for a business of one.
INSERT INTO staff_members (id, provider_id, name, is_owner, hours, created_at, updated_at)
SELECT DISTINCT ON (provider_id) md5('owner:' || provider_id)::uuid, provider_id,
  coalesce(nullif(btrim(provider), ''), 'Owner'), true,
  '[{"weekday":0,"from":"00:00","to":"24:00"},{"weekday":1,"from":"00:00","to":"24:00"},{"weekday":2,"from":"00:00","to":"24:00"},{"weekday":3,"from":"00:00","to":"24:00"},{"weekday":4,"from":"00:00","to":"24:00"},{"weekday":5,"from":"00:00","to":"24:00"},{"weekday":6,"from":"00:00","to":"24:00"}]',
  now(), now()
FROM services WHERE deleted_at IS NULL
ORDER BY provider_id, created_at DESC;

INSERT INTO staff_services (staff_id, service_id)
SELECT md5('owner:' || provider_id)::uuid, id FROM services WHERE deleted_at IS NULL;
