-- A team member's mails (docs/product.md "Team members"): a member has no
-- account for auth-svc to look up, so their notification carries the
-- address the provider gave them, as the appointment's event named it.
-- Empty for every account's notification. Adding a column with a constant
-- default rewrites nothing (PostgreSQL 11+).
ALTER TABLE notifications
  ADD COLUMN to_email text NOT NULL DEFAULT '',
  ADD COLUMN to_name  text NOT NULL DEFAULT '';
