/**
 * `accountBytes` (shared/limits.ts, SECURITY.md "Limits") counts what an account stores besides
 * its records: its keyring (up to a request body, PUT /api/keys/keyring) and its release escrow,
 * as it counts the activity log. The real app over a real SQLite file, and over PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { akProofToken, Keyring, newAccountKey, proofHash, wrapAccountKey } from '../../../shared/crypto/keys';
import { newKdfParams } from '../../../shared/crypto/kdf';
import { messageScope } from '../../../shared/crypto/kid';
import { importAesKey, newRawKey } from '../../../shared/crypto/wrap';
import { createTestApp, signUp, type TestApp } from '../../test/test-support';
import { readPgUsage, withActivity } from './pg-usage';
import { createPgTestApp, usePgDatabase } from '../../test/pg-test-support';
import { createUsageReader } from './usage';

/** What the test needs of an engine: the account's counted bytes and a way to store an escrow row. */
interface Engine {
  usage(userId: string): Promise<number>;
  putEscrow(userId: string, keys: string, at: number): Promise<void>;
}

/** The account's keyring and escrow count; past accountBytes (100 000) a record write is refused. */
async function keyringAndEscrowCount(t: TestApp, engine: Engine) {
  const { user, cookie } = await signUp(t);
  const before = await engine.usage(user.id);

  const ak = newAccountKey();
  const ring = await Keyring.create(user.id);
  for (let i = 0; i < 600; i++) await ring.rotate(messageScope(`m${String(i).padStart(15, '0')}`)); // a keyring of many messages
  const stored = await ring.save(ak, 1);
  const keyringBytes = JSON.stringify(stored).length;
  expect(keyringBytes).toBeGreaterThan(60_000);
  const unlock = await importAesKey(newRawKey());
  await t.services.keys.create(
    user.id,
    { kdf: newKdfParams('pbkdf2-sha256'), akVersion: 1, akPassword: await wrapAccountKey(unlock, ak, user.id, 1, 'password'), akRecovery: null, keyring: stored, proofHash: await proofHash(await akProofToken(ak, user.id)) },
    t.deps.now(),
  );
  expect(await engine.usage(user.id)).toBe(before + keyringBytes);
  await engine.putEscrow(user.id, 'e'.repeat(30_000), t.deps.now());
  expect(await engine.usage(user.id)).toBe(before + keyringBytes + 30_000);

  t.advance(61_000); // the record service re-reads usage at least every minute
  const res = await t.call('POST', '/api/survivor-tasks', {
    title: 'Call the bank', description: 'x'.repeat(4_000), category: 'immediate', timeframe: '24h', automationLevel: 'manual-with-guidance',
    priority: 1, resources: [], automationSteps: [], notifyTrustees: false, completionStatus: 'not-started',
  }, cookie);
  expect(res.status).toBe(413);
}

const LIMITS = { AFTERWORD_LIMITS: JSON.stringify({ accountBytes: 100_000 }) };

describe('an account’s stored bytes count its keyring and its escrow: past accountBytes a record write is refused (413)', () => {
  it('SQLite', async () => {
    const t = createTestApp(LIMITS);
    const usage = createUsageReader(t.deps.db);
    await keyringAndEscrowCount(t, {
      usage: async (id) => usage(id).bytes,
      putEscrow: async (id, keys, at) => void t.deps.db.prepare('INSERT INTO release_escrow (user_id, keys, key_count, updated_at) VALUES (?, ?, 1, ?)').run(id, keys, at),
    });
  });

  const pgdb = usePgDatabase();
  it('PostgreSQL', async () => {
    const t = await createPgTestApp(pgdb.url, { env: LIMITS });
    try {
      await keyringAndEscrowCount(t, {
        usage: async (id) => (await withActivity(t.pool, id, await readPgUsage(t.pool, id))).bytes,
        putEscrow: async (id, keys, at) => void (await t.pool.query('INSERT INTO release_escrow (user_id, keys, key_count, updated_at) VALUES ($1, $2, 1, $3)', [id, keys, at])),
      });
    } finally {
      await t.services.close?.();
      await t.pool.end();
    }
  });
});
