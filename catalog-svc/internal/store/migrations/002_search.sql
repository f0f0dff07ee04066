-- GET /services?q=… (docs/adr/0014-full-text-search.md): a ranked full-text search
-- over name and description. The document is a stored generated column, so
-- it can never disagree with the text; name words weigh more (A) than
-- description words (B) in ts_rank. 'english' stems ("cleaning" finds
-- "clean") and drops stop words. The GIN index covers only what listings
-- show, like every listing index of 001_init.sql.
ALTER TABLE services ADD COLUMN search tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english', name), 'A') || setweight(to_tsvector('english', description), 'B')
) STORED;
CREATE INDEX services_search ON services USING gin (search) WHERE is_active AND deleted_at IS NULL;
