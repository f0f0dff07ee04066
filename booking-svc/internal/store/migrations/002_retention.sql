-- Retention (docs/operations.md). The pruner (platform/retention) deletes
-- idempotency records older than IDEMPOTENCY_TTL, oldest first by this index.
CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at);

-- Update-heavy tables: every cancellation and status change leaves a dead row
-- version, and every expired key a deleted one. Autovacuum's default waits
-- for 20 % of a table to be dead (80,000 rows of a 400,000-row table) before
-- it starts; at 2 % dead space is reused while it is still small.
ALTER TABLE appointments SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
ALTER TABLE idempotency_keys SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02,
  autovacuum_vacuum_insert_scale_factor = 0.02);
