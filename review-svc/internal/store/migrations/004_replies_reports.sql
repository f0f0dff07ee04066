-- Replies and reports (docs/product.md "Replies and reports").
-- A provider's one public reply per review, signed with the business name it had when written
-- (reply_business, from the appointments projection's provider_name).
ALTER TABLE reviews ADD COLUMN reply_text text;
ALTER TABLE reviews ADD COLUMN reply_business text;
ALTER TABLE reviews ADD COLUMN reply_created_at timestamptz;
ALTER TABLE reviews ADD COLUMN reply_updated_at timestamptz;
-- An operator hid the review after reports: it leaves every public list and the rating.
ALTER TABLE reviews ADD COLUMN hidden_at timestamptz;
ALTER TABLE appointments ADD COLUMN provider_name text NOT NULL DEFAULT '';

-- A report of a review, open until an operator decides (decided_at). One open report per
-- reporter and review: the partial unique index, not a prior read, decides a double submit.
CREATE TABLE review_reports (
  id            uuid PRIMARY KEY,
  -- seq orders reports made within the same clock instant (tests freeze time).
  seq           bigserial NOT NULL,
  review_id     uuid NOT NULL REFERENCES reviews (id),
  reporter_id   text NOT NULL,
  reporter_role text NOT NULL,
  reason        text NOT NULL,
  details       text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL,
  decided_at    timestamptz,
  decision      text,
  decided_by    text
);
CREATE UNIQUE INDEX review_reports_one_open ON review_reports (review_id, reporter_id) WHERE decided_at IS NULL;
CREATE INDEX review_reports_open ON review_reports (created_at) WHERE decided_at IS NULL;
