/**
 * The key store keeps each account's parsed keyring per server instance, by `keyring_rev` (a sync
 * push reads it for every sealed field check, shared/sync/README.md rule 24): an unchanged keyring
 * is not read and parsed again, and a compare-and-set write on ANOTHER instance (two apps over one
 * SQLite file) is seen at the next read, since every read checks the stored revision.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { akProofToken, Keyring, newAccountKey, proofHash, wrapAccountKey } from '../../shared/crypto/keys';
import { newKdfParams } from '../../shared/crypto/kdf';
import { importAesKey, newRawKey } from '../../shared/crypto/wrap';
import { openDatabase } from '../db/sqlite';
import { createServices } from '../services';
import { createTestApp, signUp } from '../test/test-support';

describe('the keyring cache of the key store', () => {
  it('reuses the parsed keyring while keyring_rev is unchanged, and sees another instance’s CAS write at once', async () => {
    const t = createTestApp();
    const { user } = await signUp(t);
    const ak = newAccountKey();
    const ring = await Keyring.create(user.id);
    const unlock = await importAesKey(newRawKey());
    const made = await t.services.keys.create(
      user.id,
      { kdf: newKdfParams('pbkdf2-sha256'), akVersion: 1, akPassword: await wrapAccountKey(unlock, ak, user.id, 1, 'password'), akRecovery: null, keyring: await ring.save(ak, 1), proofHash: await proofHash(await akProofToken(ak, user.id)) },
      t.deps.now(),
    );
    expect(made).toBe(true);
    // A second server instance over the same SQLite file.
    const other = createServices({ config: t.deps.config, db: openDatabase(join(t.deps.config.dataDir, 'afterword.db')), now: t.deps.now });

    const a = await other.keys.get(user.id);
    const b = await other.keys.get(user.id);
    expect(b!.keyring).toBe(a!.keyring); // the same parsed keyring: not read and parsed again

    // The first instance rotates a scope (compare-and-set); the second sees the new revision and key at its next read.
    await ring.rotate('docs');
    expect(await t.services.keys.putKeyring(user.id, a!.keyringRev, await ring.save(ak, 1), t.deps.now())).toBe(true);
    const c = await other.keys.get(user.id);
    expect(c!.keyringRev).toBe(a!.keyringRev + 1);
    expect(Object.keys(c!.keyring.keys)).toContain('docs~2');
    expect(Object.keys(a!.keyring.keys)).not.toContain('docs~2');
    // And its own CAS write is seen by the first instance.
    await ring.rotate('plan');
    expect(await other.keys.putKeyring(user.id, c!.keyringRev, await ring.save(ak, 1), t.deps.now())).toBe(true);
    expect(Object.keys((await t.services.keys.get(user.id))!.keyring.keys)).toContain('plan~2');
    expect(await other.keys.putKeyring(user.id, c!.keyringRev, await ring.save(ak, 1), t.deps.now())).toBe(false); // a stale revision still loses
  });
});
