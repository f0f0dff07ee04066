-- The gap kept free between two appointments of a service, in minutes
-- (0: none; booking-svc enforces it). Beside min_notice_minutes (005); a
-- default on a new column is instant in PostgreSQL 11+.
ALTER TABLE services ADD COLUMN buffer_minutes integer NOT NULL DEFAULT 0
  CHECK (buffer_minutes BETWEEN 0 AND 120);
