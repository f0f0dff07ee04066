-- migrate:no-transaction
-- One member's appointments, a page at a time (store/appointments.go
-- ByProvider with a staffId). The expression is the store's staffIs: an
-- appointment from before teams is the owner's (identity.OwnerMemberID).
CREATE INDEX CONCURRENTLY IF NOT EXISTS appointments_page_by_member
  ON appointments (provider_id, (coalesce(staff_id, md5('owner:' || provider_id)::uuid)), starts_at, id);
