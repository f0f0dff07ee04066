-- reschedules: when each customer's recent reschedules happened
-- (booking.CheckRescheduleBudget). Written in the reschedule's transaction
-- under a per-customer lock, so the limit holds across replicas; a
-- customer's rows older than the window are deleted as theirs are written,
-- the rest by the retention pruner.
CREATE TABLE reschedules (
  customer_id    text NOT NULL,
  rescheduled_at timestamptz NOT NULL
);
CREATE INDEX reschedules_customer ON reschedules (customer_id, rescheduled_at);
CREATE INDEX reschedules_at ON reschedules (rescheduled_at);
