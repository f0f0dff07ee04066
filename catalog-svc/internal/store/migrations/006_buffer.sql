-- The gap kept free between two appointments of a service, in minutes
-- (0: none; booking-svc enforces it). Beside min_notice_minutes (005); a
-- constant default on a new column is instant in PostgreSQL 11+. The range
-- check is added NOT VALID (no scan of the table under its exclusive lock)
-- and validated by 007, in a transaction of its own that lets writes go on.
ALTER TABLE services ADD COLUMN buffer_minutes integer NOT NULL DEFAULT 0;
ALTER TABLE services ADD CONSTRAINT services_buffer_minutes_check
  CHECK (buffer_minutes BETWEEN 0 AND 120) NOT VALID;
