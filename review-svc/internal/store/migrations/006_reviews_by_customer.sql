-- migrate:no-transaction
-- A customer's own reviews, a page at a time (store.Reviews.ByCustomer, the data export):
-- one range scan in the order of the other lists' indexes.
CREATE INDEX CONCURRENTLY IF NOT EXISTS reviews_by_customer ON reviews (customer_id, created_at DESC, seq DESC);
