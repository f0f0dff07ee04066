-- closed_day_notices: one row per appointment and closed day its customer was
-- told about (booking.ClosedDayNotices). The primary key makes the notice
-- once-only however often the schedule event is delivered or the day is
-- closed again; the retention pruner removes rows long after the day passed.
CREATE TABLE closed_day_notices (
  appointment_id uuid NOT NULL,
  day            date NOT NULL,
  noticed_at     timestamptz NOT NULL,
  PRIMARY KEY (appointment_id, day)
);
CREATE INDEX closed_day_notices_noticed_at ON closed_day_notices (noticed_at);
