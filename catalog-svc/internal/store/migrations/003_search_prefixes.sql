-- The search document holds each word twice: stemmed ('english': "cleaning"
-- finds "clean") and as written ('simple'), because the search box matches
-- word prefixes while the user types, and a prefix of a word can be longer
-- than its stem ("wedd" is a prefix of "wedding", whose stem is "wed").
ALTER TABLE services DROP COLUMN search;
ALTER TABLE services ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('simple', name), 'A') ||
  setweight(to_tsvector('english', description), 'B') || setweight(to_tsvector('simple', description), 'B')
) STORED;
CREATE INDEX services_search ON services USING gin (search) WHERE is_active AND deleted_at IS NULL;
