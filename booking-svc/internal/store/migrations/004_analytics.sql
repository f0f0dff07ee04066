-- Provider analytics (docs/product.md#analytics; booking/analytics.go).
--
-- price: the service's price in rupees when the appointment was booked, the
-- catalogue's type (numeric(10,2)), copied by the booking from the service it
-- read in catalog-svc; revenue sums it over completed appointments, so a later
-- price change does not rewrite past revenue. Appointments booked before this
-- migration get 0: booking-svc never had their price, the catalogue holds only
-- today's price (not the one booked), and its schema is catalog-svc's own.
ALTER TABLE appointments ADD COLUMN price numeric(10,2) NOT NULL DEFAULT 0 CHECK (price >= 0);

-- rating: the stars (1-5) of the appointment's review, set with has_reviewed
-- by the review.reviews.v1 consumer (events/reviews.go). NULL: not reviewed,
-- or reviewed before this migration (those events were consumed already, so
-- their ratings count in catalog-svc's averages but not in analytics).
ALTER TABLE appointments ADD COLUMN rating smallint CHECK (rating BETWEEN 1 AND 5);

-- No new index: the analytics query reads one provider's appointments in a
-- start range, which appointments_by_provider (provider_id, starts_at) serves
-- (EXPLAIN: Bitmap/Index Scan on it). A covering index with status, price and
-- rating would save the heap reads of at most a few thousand rows per call,
-- at the cost of one more index written by every booking and status change.
