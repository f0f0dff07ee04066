-- migrate:no-transaction
-- (id, provider_id) of a service, unique, for staff_services' composite
-- foreign key (013). Built CONCURRENTLY so services stay writable.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS services_id_provider ON services (id, provider_id);
