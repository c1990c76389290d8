-- The yearly sharing reminder (issue 43 "The owner always knows"; docs/sharing.md "The yearly
-- reminder"; sync-server/sharing/yearly-reminder.ts): one row per owner who shares something now or
-- has set emergency access, with when their next reminder is due. Armed when a share is made or an
-- emergency setting put (a row already there keeps its date); the scheduler's pass moves `due_at` a
-- year on by compare-and-set after queueing the e-mail (its dedupe key names the date; no e-mail
-- when nothing is shared any more). So one e-mail a year, whatever the restarts or instances.
CREATE TABLE sharing_reminders (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  due_at INTEGER NOT NULL
);
CREATE INDEX sharing_reminders_due ON sharing_reminders (due_at);
-- Owners who share already: their first reminder a year from now.
INSERT INTO sharing_reminders (user_id, due_at)
  SELECT user_id, (CAST(strftime('%s', 'now') AS INTEGER) + 365 * 86400) * 1000
  FROM (SELECT user_id FROM shares WHERE phase <> 'stopped' UNION SELECT user_id FROM emergency_settings);
