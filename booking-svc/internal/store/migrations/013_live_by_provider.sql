-- migrate:no-transaction
-- The busy read on every booking and availability (Busy in
-- store/appointments.go) takes a provider's active appointments in a
-- window. Off appointments_by_provider it visited every cancelled row of the
-- window too, so each booking of a slot cost more than the last one
-- cancelled there (the soak drill, bench/soak.go). Holding active rows
-- only, this index makes the read's cost follow what is live; its predicate
-- is the one Busy repeats. The spacing check of a service with a buffer
-- (store/spacing.go) reads it too, over the spacing's window.
CREATE INDEX CONCURRENTLY IF NOT EXISTS appointments_live_by_provider ON appointments (provider_id, starts_at)
  WHERE status NOT IN ('cancelled', 'rejected');
