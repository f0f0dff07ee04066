-- migrate:no-transaction
-- (id, provider_id) of a member, unique, for staff_services' composite
-- foreign key (013): a member and a service of one pair belong to one
-- business. Built CONCURRENTLY so team writes go on while it builds.
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS staff_members_id_provider ON staff_members (id, provider_id);
