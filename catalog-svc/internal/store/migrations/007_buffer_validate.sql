-- Checks the existing rows against 006's range check. VALIDATE takes a lock
-- that lets reads and writes of services go on while it scans.
ALTER TABLE services VALIDATE CONSTRAINT services_buffer_minutes_check;
