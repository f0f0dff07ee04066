-- awaiting_provider: a scheduled appointment the customer moved before the
-- provider answered it still awaits the provider (a pending one always
-- does: the store reads pending as awaiting, so a booking need not write
-- it). reason and cancelled_by: what was said declining or cancelling, and
-- who said it ("customer", "provider"), told to the other party.
ALTER TABLE appointments
  ADD COLUMN awaiting_provider boolean NOT NULL DEFAULT false,
  ADD COLUMN reason text NOT NULL DEFAULT '',
  ADD COLUMN cancelled_by text NOT NULL DEFAULT '';
