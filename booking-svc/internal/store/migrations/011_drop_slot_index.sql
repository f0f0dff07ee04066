-- migrate:no-transaction
-- contract: the release before teams (it booked on this index; releases since book on
-- appointments_one_per_member_slot, migration 010). One slot of a service now
-- holds one appointment per member: the exclusion constraint (009) keeps each
-- member to one appointment at a time. Deploy after the release that added 009
-- and 010 has replaced the one before it everywhere
-- (docs/adr/0065-staff-schedules-over-an-internal-call.md).
DROP INDEX CONCURRENTLY IF EXISTS appointments_one_active_per_slot;
