-- migrate:no-transaction
-- The operator's queue a page at a time (store.Reviews.OpenReports): open reports in seq order.
CREATE INDEX CONCURRENTLY IF NOT EXISTS review_reports_open_by_seq ON review_reports (seq) WHERE decided_at IS NULL;
