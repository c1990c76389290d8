-- Trustee kits, as SQLite's 017-kits.sql (times in ms as BIGINT).
CREATE TABLE kit_generations (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  generation INTEGER NOT NULL CHECK (generation >= 1),
  k INTEGER NOT NULL CHECK (k >= 1),
  n INTEGER NOT NULL CHECK (n >= k),
  check_value TEXT NOT NULL,
  owner_copy TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  live_at BIGINT,
  retired_at BIGINT,
  q_wrap TEXT,
  PRIMARY KEY (user_id, generation)
);
CREATE TABLE kits (
  token TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  generation INTEGER NOT NULL,
  trustee_id TEXT NOT NULL,
  share_index INTEGER NOT NULL CHECK (share_index >= 1),
  commitment TEXT NOT NULL,
  blob TEXT NOT NULL,
  gate_wrap TEXT NOT NULL,
  made_at BIGINT NOT NULL,
  handed_over_at BIGINT,
  checked_at BIGINT,
  confirmed_at BIGINT,
  share_wrap TEXT,
  FOREIGN KEY (user_id, generation) REFERENCES kit_generations(user_id, generation) ON DELETE CASCADE,
  UNIQUE (user_id, generation, trustee_id),
  UNIQUE (user_id, generation, share_index)
);
