-- The projection is rewritten on every change of an appointment (docs/operations.md):
-- vacuum at 2 % dead rows rather than autovacuum's default 20 %.
ALTER TABLE appointments SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02);
