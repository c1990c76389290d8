-- Web Push subscriptions for check-in reminders, as SQLite's 011-push-subscriptions.sql.
CREATE TABLE push_subscriptions (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, endpoint)
);
