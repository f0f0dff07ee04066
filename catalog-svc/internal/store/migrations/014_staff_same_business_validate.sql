-- Checks the pairs written before 013 against its constraints. VALIDATE
-- takes a lock that lets reads and writes go on while it scans.
ALTER TABLE staff_services VALIDATE CONSTRAINT staff_services_provider_present;
ALTER TABLE staff_services VALIDATE CONSTRAINT staff_services_member_of_business;
ALTER TABLE staff_services VALIDATE CONSTRAINT staff_services_service_of_business;
