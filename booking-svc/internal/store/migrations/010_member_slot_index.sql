-- migrate:no-transaction
-- The arbiter of a booking's ON CONFLICT (store/appointments.go): one
-- member, one slot of one service. The same slot taken a moment ago is
-- then "INSERT 0 0", not an error, so a group commit's batch goes on
-- (store/group_commit.go); an overlap across services or slots is the
-- exclusion constraint's error. It replaces appointments_one_active_per_slot,
-- dropped in 011 once no release books on it.
CREATE UNIQUE INDEX CONCURRENTLY appointments_one_per_member_slot ON appointments (service_id, staff_id, starts_at)
  WHERE status NOT IN ('cancelled', 'rejected');
