-- The appointments still awaiting their outcome, by start: the server
-- completes those left open 24 h after their end (booking.CompleteOverdue),
-- reading only this index's few entries, not the whole table.
CREATE INDEX appointments_open_by_start ON appointments (starts_at)
  WHERE status IN ('scheduled', 'confirmed', 'in-progress');
