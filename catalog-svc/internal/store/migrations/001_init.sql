-- services: what providers publish (docs/product.md#data "Service").
--
-- Categories: `category` is what the service shows. A standard category is
-- stored under its one form name (docs/product.md#constants) whatever spelling the provider
-- sent; anything else is kept as sent. `category_key` is where the service is
-- listed: one of the ten canonical keys, 'others' for every category outside
-- the nine. Listings filter on the key, so ?category= in either naming style
-- is an index lookup and "Others" needs no NOT IN over the nine.
CREATE TABLE services (
  id            uuid PRIMARY KEY,
  provider_id   text NOT NULL, -- auth's user id (no cross-schema foreign key)
  name          text NOT NULL,
  category      text NOT NULL,
  category_key  text NOT NULL CHECK (category_key IN ('healthcare', 'beauty', 'home-repair', 'education',
                  'government-legal', 'automobile', 'retail', 'private-events', 'hotel-restaurant', 'others')),
  description   text NOT NULL,
  price         numeric(10,2) NOT NULL CHECK (price >= 0), -- rupees
  duration      integer NOT NULL CHECK (duration >= 5),   -- minutes
  provider      text NOT NULL,                            -- company name
  location      text NOT NULL,                            -- "address, city"
  contact       text NOT NULL,
  image_url     text NOT NULL DEFAULT '',
  icon          text NOT NULL DEFAULT '',
  time_slots    text[] NOT NULL,                          -- 24-hour HH:MM, sorted
  is_active     boolean NOT NULL DEFAULT true,
  -- The rating aggregate, fed by review events. avgRating is derived
  -- (rating_sum / total_reviews), so it never drifts from the counts.
  rating_sum    bigint NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
  total_reviews integer NOT NULL DEFAULT 0 CHECK (total_reviews >= 0),
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  deleted_at    timestamptz -- soft delete: appointments keep their own copy
);

-- Public listings read only active, undeleted rows, newest first; partial
-- indexes in exactly that order let a page be read straight off the index.
CREATE INDEX services_listed ON services (created_at DESC, id DESC)
  WHERE is_active AND deleted_at IS NULL;
CREATE INDEX services_listed_by_category ON services (category_key, created_at DESC, id DESC)
  WHERE is_active AND deleted_at IS NULL;
-- A provider's own services (inactive included).
CREATE INDEX services_by_provider ON services (provider_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;

-- ?name= is a case-insensitive substring (ILIKE '%…%'): a trigram index is
-- the one that serves it. pg_trgm is a trusted extension (any role with
-- CREATE on the database may install it). It lives in one schema per
-- database, so reuse it wherever it already is, else install it here.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  SELECT n.nspname INTO trgm_schema
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
   WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NULL THEN
    CREATE EXTENSION pg_trgm WITH SCHEMA catalog;
    trgm_schema := 'catalog';
  END IF;
  EXECUTE format('CREATE INDEX services_name_trgm ON services USING gin (name %I.gin_trgm_ops)
                  WHERE is_active AND deleted_at IS NULL', trgm_schema);
END
$$;
