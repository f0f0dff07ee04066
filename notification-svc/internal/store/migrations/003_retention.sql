-- The retention rules (notification-svc's Spec) delete by these columns.
CREATE INDEX notifications_created_at ON notifications (created_at);
CREATE INDEX reminders_due_at ON reminders (due_at);
