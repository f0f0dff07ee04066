-- Whether notification-svc also mails a user's notifications: on unless the
-- user switches it off in the profile.
ALTER TABLE users ADD COLUMN email_notifications boolean NOT NULL DEFAULT true;
