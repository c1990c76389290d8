-- Each account's keys, as SQLite's 013-account-keys.sql.
CREATE TABLE account_keys (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  kdf TEXT NOT NULL,
  ak_version INTEGER NOT NULL,
  ak_password TEXT,
  ak_recovery TEXT,
  recovery_created_at BIGINT,
  recovery_confirmed_at BIGINT,
  keyring TEXT NOT NULL,
  keyring_rev INTEGER NOT NULL,
  proof_hash TEXT NOT NULL,
  sealed_at BIGINT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
