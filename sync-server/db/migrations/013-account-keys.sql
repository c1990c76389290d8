-- Each account's keys, as the server may hold them (SECURITY.md "Sealed from the server";
-- shared/crypto/README.md "Keys"): the KDF parameters (plain), the account key AK wrapped under the
-- password's unlock key and under the recovery code's key, the keyring (scope keys wrapped under
-- AK, JSON), a compare-and-set counter for the keyring, and the hash of the AK proof token (a
-- device proves it holds AK without revealing it). No row: an account made before keys existed.
-- `sealed_at` (ms) is set once every record of the account is sealed.
CREATE TABLE account_keys (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  kdf TEXT NOT NULL,
  ak_version INTEGER NOT NULL,
  ak_password TEXT,
  ak_recovery TEXT,
  recovery_created_at INTEGER,
  recovery_confirmed_at INTEGER,
  keyring TEXT NOT NULL,
  keyring_rev INTEGER NOT NULL,
  proof_hash TEXT NOT NULL,
  sealed_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
