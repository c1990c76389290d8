-- The yearly sharing reminder (issue 43), as SQLite's 028-sharing-reminders.sql (see there).
CREATE TABLE sharing_reminders (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  due_at BIGINT NOT NULL
);
CREATE INDEX sharing_reminders_due ON sharing_reminders (due_at);
INSERT INTO sharing_reminders (user_id, due_at)
  SELECT user_id, (extract(epoch FROM now()) * 1000)::bigint + 365 * 86400000::bigint
  FROM (SELECT user_id FROM shares WHERE phase <> 'stopped' UNION SELECT user_id FROM emergency_settings) AS sharing;
