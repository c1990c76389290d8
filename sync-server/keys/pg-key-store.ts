/**
 * Each account's keys on PostgreSQL: KeyStore (keys/key-store.ts) over a `pg` Pool, with
 * SQLite's semantics (keys/key-store.contract.ts). The writes that also set the login hash run
 * in one transaction.
 */
import type pg from 'pg';
import type { KdfParams } from '../../shared/crypto/kdf';
import { cachedKeyReader, KEY_META_COLUMNS, ownerCopiesMatch, ROTATE_SQL, type KeyRow, type KeyStore } from './key-store';

/** `?` placeholders as PostgreSQL's `$1, $2, …`. */
const numbered = (sql: string) => {
  let i = 0;
  return sql.replace(/\?/g, () => `$${++i}`);
};
const ROTATE = { liveCopies: numbered(ROTATE_SQL.liveCopies), swap: numbered(ROTATE_SQL.swap), copy: numbered(ROTATE_SQL.copy) };

/** The key store over `pool` (migrations of db/pg/ applied). */
export function createPgKeyStore(pool: pg.Pool): KeyStore {
  async function inTx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }
  const setHash = (c: pg.PoolClient, userId: string, hash: string) => c.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, userId]);
  return {
    // The parsed keyring is kept by keyring_rev; every read checks the revision (other instances write too).
    get: cachedKeyReader(
      async (userId) => (await pool.query<Omit<KeyRow, 'keyring'>>(`SELECT ${KEY_META_COLUMNS} FROM account_keys WHERE user_id = $1`, [userId])).rows[0],
      async (userId) => (await pool.query<Pick<KeyRow, 'keyring' | 'keyring_rev'>>('SELECT keyring, keyring_rev FROM account_keys WHERE user_id = $1', [userId])).rows[0],
    ),
    create: (userId, k, at, passwordHash) =>
      inTx(async (c) => {
        const r = await c.query(
          `INSERT INTO account_keys (user_id, kdf, ak_version, ak_password, ak_recovery, recovery_created_at, recovery_confirmed_at, keyring, keyring_rev, proof_hash, sealed_at, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, 1, $8, NULL, $9, $9) ON CONFLICT (user_id) DO NOTHING`,
          [userId, JSON.stringify(k.kdf), k.akVersion, k.akPassword, k.akRecovery, k.akRecovery ? at : null, JSON.stringify(k.keyring), k.proofHash, at],
        );
        const created = (r.rowCount ?? 0) > 0;
        if (created && passwordHash !== undefined) await setHash(c, userId, passwordHash);
        return created;
      }),
    async putKeyring(userId, rev, keyring, at) {
      const r = await pool.query('UPDATE account_keys SET keyring = $1, keyring_rev = keyring_rev + 1, updated_at = $2 WHERE user_id = $3 AND keyring_rev = $4', [JSON.stringify(keyring), at, userId, rev]);
      return (r.rowCount ?? 0) > 0;
    },
    setPassword: (userId, kdf: KdfParams, akPassword, passwordHash, at, akVersion) =>
      inTx(async (c) => {
        const r = await c.query('UPDATE account_keys SET kdf = $1, ak_password = $2, updated_at = $3 WHERE user_id = $4 AND ($5::int IS NULL OR ak_version = $5)', [JSON.stringify(kdf), akPassword, at, userId, akVersion ?? null]);
        if ((r.rowCount ?? 0) === 0) return false; // replaced meanwhile: the login hash stays too
        await setHash(c, userId, passwordHash);
        return true;
      }),
    async restorePasswordWrap(userId, akPassword, at) {
      const r = await pool.query('UPDATE account_keys SET ak_password = $1, updated_at = $2 WHERE user_id = $3 AND ak_password IS NULL', [akPassword, at, userId]);
      return (r.rowCount ?? 0) > 0;
    },
    async setRecovery(userId, akRecovery, at, akVersion) {
      const r = await pool.query('UPDATE account_keys SET ak_recovery = $1, recovery_created_at = $2, recovery_confirmed_at = NULL, updated_at = $2 WHERE user_id = $3 AND ($4::int IS NULL OR ak_version = $4)', [akRecovery, at, userId, akVersion ?? null]);
      return (r.rowCount ?? 0) > 0;
    },
    async confirmRecovery(userId, at, akRecovery) {
      const r = await pool.query('UPDATE account_keys SET recovery_confirmed_at = $1, updated_at = $1 WHERE user_id = $2 AND ak_recovery IS NOT NULL AND ($3::text IS NULL OR ak_recovery = $3)', [at, userId, akRecovery ?? null]);
      return (r.rowCount ?? 0) > 0;
    },
    async setSealedAt(userId, at) {
      await pool.query('UPDATE account_keys SET sealed_at = $1, updated_at = $1 WHERE user_id = $2', [at, userId]);
    },
    rotate: (userId, e, n, at) =>
      inTx(async (c) => {
        // The account's key row locked first: a second rotation, keyring write or password change waits, then finds it stale.
        const row = await c.query('SELECT 1 FROM account_keys WHERE user_id = $1 FOR UPDATE', [userId]);
        if (!row.rowCount) return 'stale';
        const live = await c.query<{ generation: number }>(ROTATE.liveCopies, [userId]);
        const mismatch = ownerCopiesMatch(live.rows.map((r) => Number(r.generation)), n.ownerCopies);
        if (mismatch) return mismatch;
        const swapped = await c.query(ROTATE.swap, [n.akVersion, n.akPassword, n.akRecovery, at, JSON.stringify(n.keyring), n.proofHash, at, userId, e.akVersion, e.keyringRev, JSON.stringify(e.kdf)]);
        if (!swapped.rowCount) return 'stale';
        for (const [generation, copy] of Object.entries(n.ownerCopies)) await c.query(ROTATE.copy, [copy, userId, Number(generation)]);
        return 'ok';
      }),
  };
}
