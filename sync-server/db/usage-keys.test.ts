/**
 * `accountBytes` (shared/limits.ts, SECURITY.md "Limits") counts what an account stores besides
 * its records: its keyring (up to a request body, PUT /api/keys/keyring) and its release escrow,
 * as it counts the activity log. Real app over a real SQLite file.
 */
import { describe, expect, it } from 'vitest';
import { akProofToken, Keyring, newAccountKey, proofHash, wrapAccountKey } from '../../shared/crypto/keys';
import { newKdfParams } from '../../shared/crypto/kdf';
import { messageScope } from '../../shared/crypto/kid';
import { importAesKey, newRawKey } from '../../shared/crypto/wrap';
import { createTestApp, signUp } from '../test-support';
import { createUsageReader } from './usage';

describe('an account’s stored bytes', () => {
  it('count its keyring and its escrow: past accountBytes a record write is refused (413)', async () => {
    const t = createTestApp({ AFTERWORD_LIMITS: JSON.stringify({ accountBytes: 100_000 }) });
    const { user, cookie } = await signUp(t);
    const usage = createUsageReader(t.deps.db);
    const before = usage(user.id).bytes;

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
    expect(usage(user.id).bytes).toBe(before + keyringBytes);
    t.deps.db.prepare('INSERT INTO release_escrow (user_id, keys, key_count, updated_at) VALUES (?, ?, 1, ?)').run(user.id, 'e'.repeat(30_000), t.deps.now());
    expect(usage(user.id).bytes).toBe(before + keyringBytes + 30_000);

    t.advance(61_000); // the record service re-reads usage at least every minute
    const res = await t.call('POST', '/api/survivor-tasks', {
      title: 'Call the bank', description: 'x'.repeat(4_000), category: 'immediate', timeframe: '24h', automationLevel: 'manual-with-guidance',
      priority: 1, resources: [], automationSteps: [], notifyTrustees: false, completionStatus: 'not-started',
    }, cookie);
    expect(res.status).toBe(413);
  });
});
