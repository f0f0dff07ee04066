-- A member and a service paired in staff_services belong to one business:
-- both composite keys name the pair's provider_id (009, 010, 011). Added
-- NOT VALID (new rows are checked from now on, existing rows are not
-- scanned under the lock) and validated by 014 in its own transaction.
ALTER TABLE staff_services ADD CONSTRAINT staff_services_provider_present
  CHECK (provider_id IS NOT NULL) NOT VALID;
ALTER TABLE staff_services ADD CONSTRAINT staff_services_member_of_business
  FOREIGN KEY (staff_id, provider_id) REFERENCES staff_members (id, provider_id) NOT VALID;
ALTER TABLE staff_services ADD CONSTRAINT staff_services_service_of_business
  FOREIGN KEY (service_id, provider_id) REFERENCES services (id, provider_id) NOT VALID;
