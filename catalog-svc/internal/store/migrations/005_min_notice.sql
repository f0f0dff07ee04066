-- How far ahead a service's slots must be booked, in minutes (0: up to the
-- start). A default on a new column is instant in PostgreSQL 11+: no table
-- rewrite, no long lock.
ALTER TABLE services ADD COLUMN min_notice_minutes integer NOT NULL DEFAULT 0
  CHECK (min_notice_minutes BETWEEN 0 AND 10080);
