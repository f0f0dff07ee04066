-- Teams (docs/product.md#team-members; docs/adr/0065-staff-schedules-over-an-internal-call.md):
-- an appointment is with one member of its provider's team (staff_id, the
-- name as booked in staff_name) from starts_at to ends_at, and no member
-- holds two active appointments at overlapping times, across services:
-- the exclusion constraint decides every race, as the unique index did
-- for one slot of one service.
--
-- Rows from before teams keep staff_id and ends_at NULL (PostgreSQL cannot
-- know their length: the duration is catalog-svc's). The service reads
-- them as the owner's (md5('owner:' || provider_id)::uuid, the id
-- catalog-svc's migration 008 gives the owner) and adopts them one by one
-- (store/adopt.go): it asks the catalogue for the duration and sets both
-- columns, or only ends_at for the later-created of two that overlap.
-- A NULL staff_id never conflicts: old rows and rows the previous release
-- writes during a rollout stay bookable and readable.
--
-- btree_gist (a trusted extension) gives uuid its gist operator class. It
-- lives in one schema per database: reuse it wherever it is. The
-- constraint builds its index under the table's lock: one pass over the
-- appointments, not a rewrite.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'btree_gist') THEN
    CREATE EXTENSION btree_gist WITH SCHEMA booking;
  END IF;
END
$$;

ALTER TABLE appointments
  ADD COLUMN staff_id uuid,
  ADD COLUMN staff_name text NOT NULL DEFAULT '',
  ADD COLUMN ends_at timestamptz;

-- A member's appointment has an end (an open range would hold them forever).
ALTER TABLE appointments ADD CONSTRAINT appointments_staff_has_end
  CHECK (staff_id IS NULL OR ends_at > starts_at) NOT VALID;
ALTER TABLE appointments VALIDATE CONSTRAINT appointments_staff_has_end;

ALTER TABLE appointments ADD CONSTRAINT appointments_staff_no_overlap
  EXCLUDE USING gist (staff_id WITH =, tstzrange(starts_at, ends_at) WITH &&)
  WHERE (status NOT IN ('cancelled', 'rejected'));
