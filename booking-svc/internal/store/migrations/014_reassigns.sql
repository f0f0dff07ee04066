-- reassigns: when each appointment's recent reassignments happened
-- (booking.CheckReassignBudget). Written in the reassignment's transaction
-- under the appointment's row lock, so the limit holds across replicas; an
-- appointment's rows older than the window are deleted as its are written,
-- the rest by the retention pruner. A new table: its indexes lock nothing
-- live.
CREATE TABLE reassigns (
  appointment_id uuid NOT NULL,
  reassigned_at  timestamptz NOT NULL
);
CREATE INDEX reassigns_appointment ON reassigns (appointment_id, reassigned_at);
CREATE INDEX reassigns_at ON reassigns (reassigned_at);
