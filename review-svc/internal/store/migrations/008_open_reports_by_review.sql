-- migrate:no-transaction
-- The operator's queue a page at a time (store.Reviews.OpenReports): a review's earliest open
-- report, one probe, to tell the report that places the review in the queue.
CREATE INDEX CONCURRENTLY IF NOT EXISTS review_reports_open_by_review ON review_reports (review_id, seq) WHERE decided_at IS NULL;
