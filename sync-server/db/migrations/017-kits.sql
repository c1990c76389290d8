-- Trustee kits (issue "Release through trustees' key shares"; sync-server/kits/): a generation is
-- one split of the release secret Q among k-of-n trustees, made on the owner's device. The server
-- keeps per kit only a commitment to the share, the trustee's sealed blob, and the gate G_i wrapped
-- under a subkey of the release key (never raw); a confirmed share is kept the same way until the
-- release or an "I'm still here" erases it. `q_wrap`: Q after a release, wrapped (SECURITY.md).
-- A generation is pending (live_at NULL), current (live_at set, retired_at NULL) or retired.
CREATE TABLE kit_generations (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  generation INTEGER NOT NULL CHECK (generation >= 1),
  k INTEGER NOT NULL CHECK (k >= 1),
  n INTEGER NOT NULL CHECK (n >= k),
  check_value TEXT NOT NULL,
  owner_copy TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  live_at INTEGER,
  retired_at INTEGER,
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
  made_at INTEGER NOT NULL,
  handed_over_at INTEGER,
  checked_at INTEGER,
  confirmed_at INTEGER,
  share_wrap TEXT,
  FOREIGN KEY (user_id, generation) REFERENCES kit_generations(user_id, generation) ON DELETE CASCADE,
  UNIQUE (user_id, generation, trustee_id),
  UNIQUE (user_id, generation, share_index)
);
