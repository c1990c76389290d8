/**
 * Each account's keys as the server holds them (migration 013; shared/crypto/README.md "Keys"):
 * everything here is either plain by necessity (the KDF parameters, versions, times) or wrapped
 * under a key the server never has (AK under the password's or the recovery code's key; scope
 * keys under AK). One shape for both engines: SQLite's here, PostgreSQL's in
 * db/pg/pg-key-store.ts; both pass key-store.contract.ts.
 *
 * The writes that change how a person signs in also change `users.password_hash` (the scrypt of
 * the login secret, accounts/password.ts) in the same transaction, so a crash never leaves a login
 * hash for one password beside AK wrapped under another.
 */
import type { KdfParams } from '../../shared/crypto/kdf';
import { parseStoredKeyring, type StoredKeyring } from '../../shared/crypto/keys';
import type { Db } from '../db/sqlite';
import { createBoundedCache } from '../db/bounded-cache';

/** An account's key row, parsed. Times in ms. */
export interface AccountKeys {
  kdf: KdfParams;
  akVersion: number;
  /** AK wrapped under the password's unlock key (w1); null after a reset until a device re-wraps it. */
  akPassword: string | null;
  /** AK wrapped under the recovery code's key (w1); null when the person has no kit. */
  akRecovery: string | null;
  recoveryCreatedAt: number | null;
  recoveryConfirmedAt: number | null;
  keyring: StoredKeyring;
  /** Compare-and-set counter of the keyring (putKeyring). */
  keyringRev: number;
  /** Hex SHA-256 of the AK proof token (shared/crypto/keys.ts akProofToken). */
  proofHash: string;
  /** When every record of the account was sealed; null while they are (partly) plaintext. */
  sealedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/** What a device sends to create an account's keys. */
export interface NewAccountKeys {
  kdf: KdfParams;
  akVersion: number;
  akPassword: string;
  akRecovery: string | null;
  keyring: StoredKeyring;
  proofHash: string;
}

/** What a rotation of AK stores (KeyStore.rotate; shared/crypto/rotation.ts makes it on the device). */
export interface RotatedAccountKeys {
  /** The new AK version: the one the rotation replaces, plus one. */
  akVersion: number;
  akPassword: string;
  akRecovery: string;
  /** Every kid of the stored keyring, re-wrapped under the new AK (`ak` = akVersion). */
  keyring: StoredKeyring;
  /** Hex SHA-256 of the new AK's proof token. */
  proofHash: string;
  /** The owner copy of each live (not retired) trustee-kit generation, sealed under the new AK, by generation. */
  ownerCopies: Readonly<Record<string, string>>;
}

/** What a rotation must find to apply: the AK version, keyring revision and KDF parameters its device read. */
export interface RotationExpectation {
  akVersion: number;
  keyringRev: number;
  kdf: KdfParams;
}

/**
 * A rotation's outcome: `ok`; `stale` when the account's keys are not what the device read (another
 * rotation, a keyring write or a password change came first; or no keys); or the generations
 * whose owner copy the server keeps, when the rotation did not bring exactly one for each.
 */
export type RotationResult = 'ok' | 'stale' | { ownerCopies: number[] };

/** The live generations with an owner copy, as numbers, against a rotation's: equal sets, or the stored list. */
export function ownerCopiesMatch(stored: readonly number[], sent: Readonly<Record<string, string>>): RotationResult | null {
  const keys = Object.keys(sent);
  return keys.length === stored.length && stored.every((g) => Object.hasOwn(sent, String(g))) ? null : { ownerCopies: [...stored].sort((a, b) => a - b) };
}

/** The SQL of a rotation, the same text for both engines but for placeholders (`?` here, `$n` in pg-key-store.ts). */
export const ROTATE_SQL = {
  liveCopies: "SELECT generation FROM kit_generations WHERE user_id = ? AND retired_at IS NULL AND owner_copy != '' ORDER BY generation",
  swap: `UPDATE account_keys SET ak_version = ?, ak_password = ?, ak_recovery = ?, recovery_created_at = ?, recovery_confirmed_at = NULL,
           keyring = ?, keyring_rev = keyring_rev + 1, proof_hash = ?, updated_at = ?
         WHERE user_id = ? AND ak_version = ? AND keyring_rev = ? AND kdf = ?`,
  copy: 'UPDATE kit_generations SET owner_copy = ? WHERE user_id = ? AND generation = ? AND retired_at IS NULL',
};

export interface KeyStore {
  /** The account's keys, or null (an account made before keys existed). */
  get(userId: string): Promise<AccountKeys | null>;
  /**
   * Creates the account's keys unless it has some (compare-and-set: two devices setting up at
   * once end with one AK); when created and `passwordHash` is given, sets the login hash in the
   * same transaction. True when this call created them.
   */
  create(userId: string, keys: NewAccountKeys, at: number, passwordHash?: string): Promise<boolean>;
  /** Stores `keyring` as revision `expectedRev + 1` if the stored one is `expectedRev`; false when another write came first. */
  putKeyring(userId: string, expectedRev: number, keyring: StoredKeyring, at: number): Promise<boolean>;
  /**
   * A new password (change or reset): its KDF parameters, AK's wrap under it (null: none yet) and
   * the login hash, in one transaction. With `akVersion` (the AK the wrap holds), only while the
   * account is still at that version, else nothing changes (a rotation committed in between wins:
   * SECURITY.md "Replacing the account key"). True when stored.
   */
  setPassword(userId: string, kdf: KdfParams, akPassword: string | null, passwordHash: string, at: number, akVersion?: number): Promise<boolean>;
  /**
   * After a reset (setPassword with no wrap), a device that holds AK puts back AK's wrap under the
   * new password: only while there is none (compare-and-set), so a late or replayed request never
   * replaces a good wrap. True when this call stored it.
   */
  restorePasswordWrap(userId: string, akPassword: string, at: number): Promise<boolean>;
  /**
   * A new recovery kit (the old wrap is replaced, so the old code stops working); not yet
   * confirmed. With `akVersion` (the AK the wrap holds), only while the account is still at that
   * version: a rotation committed in between wins (SECURITY.md "Replacing the account key"). True when stored.
   */
  setRecovery(userId: string, akRecovery: string, at: number, akVersion?: number): Promise<boolean>;
  /**
   * The person showed they kept the kit. With `akRecovery` (the wrap their code opened), only while
   * that wrap is still the stored one (compare-and-set: a kit replaced meanwhile on another device
   * is not marked kept); without it (an older app), whatever kit is stored. True when marked.
   */
  confirmRecovery(userId: string, at: number, akRecovery?: string): Promise<boolean>;
  /** Every record of the account is sealed. */
  setSealedAt(userId: string, at: number): Promise<void>;
  /**
   * Replaces AK (SECURITY.md "Replacing the account key"): AK's wraps, the keyring, the proof hash
   * and every live kit generation's owner copy, in one transaction, only if the row is still at
   * `expect` (compare-and-set) and `next` brings an owner copy for exactly the live generations
   * that have one. The new kit is unconfirmed. Nothing changes unless the result is `ok`.
   */
  rotate(userId: string, expect: RotationExpectation, next: RotatedAccountKeys, at: number): Promise<RotationResult>;
}

/** The columns as both engines return them (PostgreSQL's BIGINT as strings). */
export interface KeyRow {
  kdf: string;
  ak_version: number;
  ak_password: string | null;
  ak_recovery: string | null;
  recovery_created_at: number | string | null;
  recovery_confirmed_at: number | string | null;
  keyring: string;
  keyring_rev: number;
  proof_hash: string;
  sealed_at: number | string | null;
  created_at: number | string;
  updated_at: number | string;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** A stored row as AccountKeys (the keyring validated by parseStoredKeyring). */
export function keysOfRow(r: KeyRow): AccountKeys {
  return { ...metaOfRow(r), keyring: parseStoredKeyring(JSON.parse(r.keyring)) };
}

/** A stored row's columns but the keyring. */
function metaOfRow(r: Omit<KeyRow, 'keyring'>): Omit<AccountKeys, 'keyring'> {
  return {
    kdf: JSON.parse(r.kdf) as KdfParams,
    akVersion: r.ak_version,
    akPassword: r.ak_password,
    akRecovery: r.ak_recovery,
    recoveryCreatedAt: num(r.recovery_created_at),
    recoveryConfirmedAt: num(r.recovery_confirmed_at),
    keyringRev: r.keyring_rev,
    proofHash: r.proof_hash,
    sealedAt: num(r.sealed_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** Every column but the keyring: what each read fetches (the keyring only when its revision is new here). */
export const KEY_META_COLUMNS =
  'kdf, ak_version, ak_password, ak_recovery, recovery_created_at, recovery_confirmed_at, keyring_rev, proof_hash, sealed_at, created_at, updated_at';

/** How many accounts' parsed keyrings one server instance keeps (least recently used go first). */
const CACHED_KEYRINGS = 10_000;

/**
 * `get` of a key store with the account's parsed keyring kept per instance by `keyring_rev` (a
 * sync push reads the keys for its sealed-field check, shared/sync/README.md rule 24; a keyring
 * may be as large as a request body). Every read fetches the row without the keyring
 * (`readMeta`); the keyring is read and parsed again (`readKeyring`, with the revision it was read
 * at) only when the stored revision (and creation time: keys made anew) is not the cached one. So
 * a compare-and-set on this or any other instance (PostgreSQL, or several processes over one
 * SQLite file) is seen at the next read. The cached keyring is shared: callers never change it.
 */
export function cachedKeyReader(
  readMeta: (userId: string) => Promise<Omit<KeyRow, 'keyring'> | undefined>,
  readKeyring: (userId: string) => Promise<Pick<KeyRow, 'keyring' | 'keyring_rev'> | undefined>,
): (userId: string) => Promise<AccountKeys | null> {
  const cache = createBoundedCache<{ rev: number; createdAt: number; keyring: StoredKeyring }>(CACHED_KEYRINGS);
  return async (userId) => {
    const meta = await readMeta(userId);
    if (!meta) return null;
    const createdAt = Number(meta.created_at);
    let hit = cache.get(userId);
    if (!hit || hit.rev !== meta.keyring_rev || hit.createdAt !== createdAt) {
      const row = await readKeyring(userId);
      if (!row) return null;
      hit = cache.set(userId, { rev: row.keyring_rev, createdAt, keyring: parseStoredKeyring(JSON.parse(row.keyring)) });
    }
    return { ...metaOfRow(meta), keyring: hit.keyring, keyringRev: hit.rev };
  };
}

/** The SQLite key store over `db` (migration 013 applied). */
export function createSqliteKeyStore(db: Db): KeyStore {
  const q = {
    meta: db.prepare<[string], Omit<KeyRow, 'keyring'>>(`SELECT ${KEY_META_COLUMNS} FROM account_keys WHERE user_id = ?`),
    keyring: db.prepare<[string], Pick<KeyRow, 'keyring' | 'keyring_rev'>>('SELECT keyring, keyring_rev FROM account_keys WHERE user_id = ?'),
    insert: db.prepare(
      `INSERT INTO account_keys (user_id, kdf, ak_version, ak_password, ak_recovery, recovery_created_at, recovery_confirmed_at, keyring, keyring_rev, proof_hash, sealed_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, NULL, ?, 1, ?, NULL, ?, ?) ON CONFLICT (user_id) DO NOTHING`,
    ),
    setHash: db.prepare('UPDATE users SET password_hash = ? WHERE id = ?'),
    putKeyring: db.prepare('UPDATE account_keys SET keyring = ?, keyring_rev = keyring_rev + 1, updated_at = ? WHERE user_id = ? AND keyring_rev = ?'),
    setPassword: db.prepare('UPDATE account_keys SET kdf = ?, ak_password = ?, updated_at = ? WHERE user_id = ? AND (? IS NULL OR ak_version = ?)'),
    restoreWrap: db.prepare('UPDATE account_keys SET ak_password = ?, updated_at = ? WHERE user_id = ? AND ak_password IS NULL'),
    setRecovery: db.prepare('UPDATE account_keys SET ak_recovery = ?, recovery_created_at = ?, recovery_confirmed_at = NULL, updated_at = ? WHERE user_id = ? AND (? IS NULL OR ak_version = ?)'),
    confirmRecovery: db.prepare('UPDATE account_keys SET recovery_confirmed_at = ?, updated_at = ? WHERE user_id = ? AND ak_recovery IS NOT NULL AND (? IS NULL OR ak_recovery = ?)'),
    setSealedAt: db.prepare('UPDATE account_keys SET sealed_at = ?, updated_at = ? WHERE user_id = ?'),
    liveCopies: db.prepare<[string], { generation: number }>(ROTATE_SQL.liveCopies),
    swap: db.prepare(ROTATE_SQL.swap),
    copy: db.prepare(ROTATE_SQL.copy),
  };
  const rotate = db.transaction((userId: string, e: RotationExpectation, n: RotatedAccountKeys, at: number): RotationResult => {
    const mismatch = ownerCopiesMatch(q.liveCopies.all(userId).map((r) => r.generation), n.ownerCopies);
    if (mismatch) return mismatch;
    const swapped = q.swap.run(n.akVersion, n.akPassword, n.akRecovery, at, JSON.stringify(n.keyring), n.proofHash, at, userId, e.akVersion, e.keyringRev, JSON.stringify(e.kdf)).changes > 0;
    if (!swapped) return 'stale';
    for (const [generation, copy] of Object.entries(n.ownerCopies)) q.copy.run(copy, userId, Number(generation));
    return 'ok';
  });
  const create = db.transaction((userId: string, k: NewAccountKeys, at: number, passwordHash?: string) => {
    const created = q.insert.run(userId, JSON.stringify(k.kdf), k.akVersion, k.akPassword, k.akRecovery, k.akRecovery ? at : null, JSON.stringify(k.keyring), k.proofHash, at, at).changes > 0;
    if (created && passwordHash !== undefined) q.setHash.run(passwordHash, userId);
    return created;
  });
  const setPassword = db.transaction((userId: string, kdf: KdfParams, akPassword: string | null, passwordHash: string, at: number, akVersion: number | null): boolean => {
    if (q.setPassword.run(JSON.stringify(kdf), akPassword, at, userId, akVersion, akVersion).changes === 0) return false; // replaced meanwhile: the login hash stays too
    q.setHash.run(passwordHash, userId);
    return true;
  });
  return {
    get: cachedKeyReader(
      async (userId) => q.meta.get(userId),
      async (userId) => q.keyring.get(userId),
    ),
    create: async (userId, keys, at, passwordHash) => create(userId, keys, at, passwordHash),
    putKeyring: async (userId, rev, keyring, at) => q.putKeyring.run(JSON.stringify(keyring), at, userId, rev).changes > 0,
    setPassword: async (userId, kdf, akPassword, passwordHash, at, akVersion) => setPassword.immediate(userId, kdf, akPassword, passwordHash, at, akVersion ?? null),
    restorePasswordWrap: async (userId, akPassword, at) => q.restoreWrap.run(akPassword, at, userId).changes > 0,
    setRecovery: async (userId, akRecovery, at, akVersion) => q.setRecovery.run(akRecovery, at, at, userId, akVersion ?? null, akVersion ?? null).changes > 0,
    confirmRecovery: async (userId, at, akRecovery) => q.confirmRecovery.run(at, at, userId, akRecovery ?? null, akRecovery ?? null).changes > 0,
    setSealedAt: async (userId, at) => void q.setSealedAt.run(at, at, userId),
    // IMMEDIATE: the write lock is taken before the reads, so another process's kit or key write cannot come between.
    rotate: async (userId, expect, next, at) => {
      const result = rotate.immediate(userId, expect, next, at);
      // secure_delete overwrote the old wraps in the file; the checkpoint leaves no copy in the WAL either (as seal-store.ts, escrow-store.ts).
      if (result === 'ok') db.pragma('wal_checkpoint(TRUNCATE)');
      return result;
    },
  };
}
