-- migrate:no-transaction
-- The verification links mailed to one address, newest first: how many an
-- address was sent in the last day (auth/link_pace.go).
CREATE INDEX CONCURRENTLY IF NOT EXISTS account_links_address ON account_links (email, created_at DESC) WHERE purpose = 'verify';
