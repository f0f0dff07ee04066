-- The business of each member-service pair, so that PostgreSQL itself
-- holds "a member performs only their own business's services" (013's
-- composite foreign keys) rather than the code alone. A plain nullable
-- column: the release still running inserts pairs without it, and the
-- trigger fills it from the member for those (this release writes it).
-- A later contract step may drop the trigger once no release omits it.
ALTER TABLE staff_services ADD COLUMN provider_id text;

-- The function keeps the migration's search_path (the catalog schema), so
-- it finds staff_members whatever the inserting session's path is.
CREATE FUNCTION staff_services_fill_provider() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
  IF NEW.provider_id IS NULL THEN
    SELECT m.provider_id INTO NEW.provider_id FROM staff_members m WHERE m.id = NEW.staff_id;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER staff_services_fill_provider BEFORE INSERT OR UPDATE ON staff_services
  FOR EACH ROW EXECUTE FUNCTION staff_services_fill_provider();
