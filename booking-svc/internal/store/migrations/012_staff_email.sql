-- The member's email as booked or reassigned, so every event of the
-- appointment names it (booking.appointments.v1 staffEmail): notification-svc
-- mails the member of a cancellation or a move too, not only of the booking
-- (docs/product.md "Team members"). Never shown; blanked with the member's
-- name when the provider is erased (erase.go). Existing rows get '' (their
-- members are mailed from their next reassignment on). A constant default
-- rewrites nothing (PostgreSQL 11+).
ALTER TABLE appointments ADD COLUMN staff_email text NOT NULL DEFAULT '';
