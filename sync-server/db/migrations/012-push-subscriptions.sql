-- Web Push subscriptions for check-in reminders (DESIGN.md §8 "Check-ins"; sync-server/push/):
-- one row per account and browser push endpoint (a capability URL of the push service), with
-- the browser's keys for the encrypted payload (RFC 8291). Deleted with the account, and when
-- the push service answers 404 or 410 (the subscription has ended).
CREATE TABLE push_subscriptions (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint TEXT NOT NULL,
  p256dh TEXT NOT NULL,
  auth TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, endpoint)
);
