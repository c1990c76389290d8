-- How each message's key reaches its recipient once trustee kits exist, as SQLite's
-- 019-message-keys.sql (times in ms as BIGINT).
CREATE TABLE message_keys (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message_id TEXT NOT NULL,
  generation INTEGER NOT NULL CHECK (generation >= 1),
  mode TEXT NOT NULL CHECK (mode IN ('server', 'trustee')),
  kid TEXT NOT NULL,
  gate_wrap TEXT,
  wrap TEXT,
  handovers TEXT,
  link_wrap TEXT,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, message_id, generation),
  CHECK ((mode = 'server' AND gate_wrap IS NOT NULL AND wrap IS NOT NULL AND handovers IS NULL)
      OR (mode = 'trustee' AND gate_wrap IS NULL AND wrap IS NULL AND handovers IS NOT NULL))
);
