-- migrate:no-transaction
-- The home page's testimonials (store.Reviews.Testimonials): the newest visible 5-star reviews.
CREATE INDEX CONCURRENTLY IF NOT EXISTS reviews_testimonials ON reviews (created_at DESC, seq DESC) WHERE rating = 5 AND hidden_at IS NULL;
