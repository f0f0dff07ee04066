-- The business of every pair written before 011, from its member. Its own
-- transaction, before 013 adds the constraints: the row locks of this
-- update are not held with 013's locks on services and staff_members.
UPDATE staff_services ss SET provider_id = m.provider_id
FROM staff_members m WHERE m.id = ss.staff_id AND ss.provider_id IS NULL;
