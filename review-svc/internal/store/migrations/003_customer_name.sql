-- Reviews show who wrote them by a display name (first name and last initial), never an email
-- (docs/product.md#data): the name the booking was made under, from booking.appointments.v1.
ALTER TABLE appointments ADD COLUMN customer_name text NOT NULL DEFAULT '';
ALTER TABLE reviews ADD COLUMN customer_name text NOT NULL DEFAULT '';
