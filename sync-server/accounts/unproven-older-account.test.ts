/**
 * An account made before keys, reset by e-mail (review M3; SECURITY.md "Password reset"): it has no
 * account key to prove, and keys made after the reset prove nothing (keys/proof-route.ts), so its
 * way out of read-only is a browser it signed in on BEFORE the reset, with the password the reset
 * replaced: that browser's device cookie (accounts/device-cookie.ts), which the mailbox's reader does not
 * hold. The real app over a real SQLite file, the real SMTP test server and reset link, each browser
 * with its own cookie jar.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { PROOF_REQUIRED } from '../../shared/schema/user';
import { toB64url } from '../../shared/crypto/bytes';
import { derivePasswordKeys, newKdfParams } from '../../shared/crypto/kdf';
import { akProofToken } from '../../shared/crypto/keys';
import { createDeviceKeyStore } from '../../web/features/keys/device-key-store';
import { upgradeOlderAccount } from '../../web/features/keys/sign-in';
import { testBrowser } from '../test/test-browser';
import { ownerOn, type Owner } from '../test/release-test-support';
import { keysBeforeReset, resetLink, tokenOf, RESET_SECRET, useResetMail } from '../test/reset-test-support';

const mail = useResetMail();

const NEW_PASSWORD = 'a new password for an old account';
type Browser = ReturnType<typeof testBrowser>;

const owner = mail.owner;
/** A browser on `o`'s server, signed in with the account's (pre-keys) password: it now holds a device cookie. */
async function signedInBrowser(o: Owner): Promise<Browser> {
  const b = testBrowser(o.t);
  await b.api('/api/auth/login', { body: { username: o.username, password: o.password } });
  return b;
}
/** A write that steers the release (a check-in), from browser `b`: its status. */
const checkIn = async (o: Owner, b: Browser) => (await o.t.call('POST', '/api/release/check-in', undefined, b.cookie())).status;
/** Resets `o`'s password in browser `b` with a fresh link (an account made before keys: the new password itself). */
async function resetIn(o: Owner, b: Browser, body: Record<string, unknown> = { password: NEW_PASSWORD }) {
  const token = tokenOf(await resetLink(o, mail.smtp()));
  await b.api('/api/auth/reset-password', { body: { token, ...body } });
}
const derive = derivePasswordKeys;

describe('an account made before keys leaves read-only after a reset only from a browser it used before (review M3)', () => {
  it("reset on a new phone: read-only there, even after keys are set up; the laptop it signed in on before ends that, for the account", async () => {
    const o = await owner();
    const laptop = await signedInBrowser(o);
    const phone = testBrowser(o.t);
    await resetIn(o, phone);
    expect(await checkIn(o, phone)).toBe(403);

    // The deliberate upgrade on the phone makes keys, but keys made after the reset prove nothing.
    const phoneKeys = await upgradeOlderAccount({ api: phone.api, derive, device: createDeviceKeyStore(`p-${Math.random()}`) }, o.username, NEW_PASSWORD);
    expect(phoneKeys.code).not.toBeNull();
    expect(await checkIn(o, phone)).toBe(403);
    expect(((await o.t.call('POST', '/api/auth/logout', undefined, phone.cookie())).status)).toBe(200);

    // The laptop, signed in there before the reset, signs in with the new password: its session may steer again.
    await laptop.api('/api/auth/login', { body: { identifier: o.username, loginSecret: await loginSecretOf(o, NEW_PASSWORD) } });
    expect(await checkIn(o, laptop)).toBe(200);
    expect(await o.t.services.accounts.unprovenSince(o.userId)).toBeNull();
    // And the account is proven: the phone's next sign-in is too.
    await phone.api('/api/auth/login', { body: { identifier: o.username, loginSecret: await loginSecretOf(o, NEW_PASSWORD) } });
    expect(await checkIn(o, phone)).toBe(200);
  });

  it('reset in the browser it signed in on before: that session may steer at once', async () => {
    const o = await owner();
    const laptop = await signedInBrowser(o);
    await resetIn(o, laptop);
    expect(await checkIn(o, laptop)).toBe(200);
    expect(await o.t.services.accounts.unprovenSince(o.userId)).toBeNull();
  });

  it("the rule holds for the mailbox's reader: the cookie the reset gave, one from before an earlier password change, another account's, or a keyed account's reset prove nothing", async () => {
    const o = await owner();
    const stale = await signedInBrowser(o); // its cookie is of the password before the change below
    const laptop = await signedInBrowser(o);
    const change = await laptop.api<unknown>('/api/auth/password', { body: { currentPassword: o.password, newPassword: 'the password before the reset' } });
    expect(change).toBeTruthy();
    const other = await ownerOn(o.t, 'Bea', 'Other');
    const elsewhere = testBrowser(o.t);
    await elsewhere.api('/api/auth/login', { body: { username: other.username, password: other.password } }); // a cookie of another account

    const reader = testBrowser(o.t);
    await resetIn(o, reader);
    o.t.advance(60_000);
    expect(await checkIn(o, reader)).toBe(403);
    await reader.api('/api/auth/login', { body: { username: o.username, password: NEW_PASSWORD } }); // again, with the cookie the reset gave
    expect(await checkIn(o, reader)).toBe(403);
    for (const b of [stale, elsewhere]) {
      await b.api('/api/auth/login', { body: { username: o.username, password: NEW_PASSWORD } });
      expect(await checkIn(o, b)).toBe(403);
    }
    expect(await o.t.services.accounts.unprovenSince(o.userId)).not.toBeNull();

    // The reader makes keys, resets once more and proves with them: keys made after the first reset still prove nothing.
    const readerDevice = createDeviceKeyStore(`r-${Math.random()}`);
    await upgradeOlderAccount({ api: reader.api, derive, device: readerDevice }, o.username, NEW_PASSWORD);
    o.t.advance(60_000);
    const kdf = (await o.t.services.keys.get(o.userId))!.kdf;
    await resetIn(o, reader, { loginSecret: (await derivePasswordKeys(NEW_PASSWORD, { ...kdf })).loginSecret, kdf: newKdfParams(kdf.alg) });
    const proof = toB64url(await akProofToken((await readerDevice.load(o.userId))!.ak, o.userId));
    expect((await o.t.call('POST', '/api/keys/proof', { proof }, reader.cookie())).status).toBe(409);
    expect(await checkIn(o, reader)).toBe(403);

    // An account with keys proves by its key alone: the laptop's cookie from before its reset does not count.
    const k = await owner();
    const kLaptop = await signedInBrowser(k);
    await keysBeforeReset(k);
    await resetIn(k, kLaptop, { loginSecret: RESET_SECRET, kdf: newKdfParams('argon2id') });
    const refused = await k.t.call('POST', '/api/release/check-in', undefined, kLaptop.cookie());
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: PROOF_REQUIRED });
  });
});

/** The login secret `password` derives under the account's current KDF (its keys were set up after the reset). */
async function loginSecretOf(o: Owner, password: string): Promise<string> {
  const { kdf } = (await o.t.services.keys.get(o.userId))!;
  return (await derivePasswordKeys(password, kdf)).loginSecret;
}
