/**
 * A server that lies about a reset link (issue 39 "No back door"; review H1): the reset page's own
 * code (web/features/auth/reset-credential.ts) against the real Hono app over a real SQLite file and
 * the real SMTP test server, its answer to `POST /api/auth/reset-password/check` replaced by a test.
 * A device that pinned the account's keys (pin.ts) refuses "no keys" and any KDF weaker than its pin;
 * a device without a pin refuses Argon2id below the app's registration costs and sends a password
 * only when the person says, on purpose, that the account was made before keys. Every request body
 * is recorded: none may hold the new password, a `password` field, or a login secret derived with
 * parameters weaker than the pin; a refusal sends nothing after the check.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { derivePasswordKeys, type KdfParams } from '../../shared/crypto/kdf';
import { resetPassword } from '../../web/features/auth/reset-credential';
import { checkResetLink } from '../../web/features/auth/reset-link';
import { createDeviceKeyStore } from '../../web/features/keys/device-key-store';
import { KNOWN_KEYS_WORDS, OTHER_ACCOUNT_WORDS, RESET_NO_KEYS_WORDS, WEAK_KDF_WORDS } from '../../web/features/keys/refusal-words';
import { upgradeOlderAccount, type Api } from '../../web/features/keys/sign-in';
import type { Owner } from '../test/release-test-support';
import { resetLink, tokenOf, useResetMail } from '../test/reset-test-support';
import { testBrowser } from '../test/test-browser';

const mail = useResetMail();

const NEW_PASSWORD = 'Lying-Reset-Tapir 9';
const CHECK = '/api/auth/reset-password/check';

/** One browser on `o`'s server whose answer to /check a test may replace; every body it sends, and how often it stretched a password. */
function browserOf(o: Owner, device = createDeviceKeyStore(`reset-${Math.random()}`)) {
  const { api: real } = testBrowser(o.t);
  const sent: string[] = [];
  let lie: ((real: () => Promise<unknown>) => unknown) | null = null;
  let derived = 0;
  const api: Api = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    if (init.body !== undefined) sent.push(JSON.stringify(init.body));
    return (path === CHECK && lie ? lie(() => real(path, init)) : real<T>(path, init)) as T;
  };
  const derive = (password: string, params: KdfParams) => (derived++, derivePasswordKeys(password, params));
  return {
    deps: { api, derive, device },
    sent,
    derived: () => derived,
    lie: (l: typeof lie) => void (lie = l),
  };
}

/** An owner (confirmed address) whose account device `device` gave keys (Argon2id at 64 MiB, 3 passes) and so pinned. */
async function pinnedOwner() {
  const o = await mail.owner();
  const device = createDeviceKeyStore(`pinned-${Math.random()}`);
  await upgradeOlderAccount({ api: testBrowser(o.t).api, derive: derivePasswordKeys, device }, o.username, o.password);
  expect((await device.pinOf(o.userId))?.kdf).toMatchObject({ alg: 'argon2id', memoryKiB: 64 * 1024, iterations: 3 });
  return { o, device };
}

/** Asserts no body carries the new password or a `password` field. */
function expectNoPassword(sent: string[]) {
  for (const body of sent) {
    expect(body).not.toContain(NEW_PASSWORD);
    expect(body).not.toMatch(/"(password|currentPassword|newPassword)"/);
  }
}

/** A KDF without its salt. */
type Cost = { alg: KdfParams['alg'] } & Record<string, unknown>;
const WEAK: [string, Cost][] = [
  ['Argon2id at 19 MiB and 2 passes', { alg: 'argon2id', v: 1, memoryKiB: 19 * 1024, iterations: 2, parallelism: 1 }],
  ['PBKDF2 at 600,000', { alg: 'pbkdf2-sha256', v: 1, iterations: 600_000 }],
];
/** The real answer with its KDF weakened to `weak` (the salt kept). */
const weakened = (weak: Cost) => async (real: () => Promise<unknown>) => {
  const r = (await real()) as { kdf: KdfParams };
  return { ...r, kdf: { ...weak, salt: r.kdf.salt }, kdfAlg: weak.alg };
};

describe('a lying /reset-password/check gets no password and no weaker derivation (review H1)', () => {
  it('a device that pinned the keys: "no keys" (also as the old `kdfAlg: null` answer) and weaker KDFs are refused, nothing sent after the check; the honest answer then resets with the pinned costs', async () => {
    const { o, device } = await pinnedOwner();
    const token = tokenOf(await resetLink(o, mail.smtp()));
    const b = browserOf(o, device);
    const lies: [string, (real: () => Promise<unknown>) => unknown, string][] = [
      ['kdf: null', async (real) => ({ ...((await real()) as object), kdf: null, kdfAlg: null }), KNOWN_KEYS_WORDS],
      ['the old answer { kdfAlg: null }', async (real) => ({ userId: ((await real()) as { userId: string }).userId, kdfAlg: null }), KNOWN_KEYS_WORDS],
      ...WEAK.map(([name, weak]): [string, (real: () => Promise<unknown>) => unknown, string] => [name, weakened(weak), WEAK_KDF_WORDS]),
    ];
    for (const [name, lie, words] of lies) {
      b.lie(lie);
      b.sent.length = 0;
      const link = await checkResetLink(b.deps.api, token);
      // Even when the person ticks "made before keys": this device knows better.
      await expect(resetPassword(b.deps, token, link, NEW_PASSWORD, { olderAccount: true }), name).rejects.toThrow(words);
      expect(b.sent, name).toEqual([JSON.stringify({ token })]); // the check only
      expect(b.derived(), name).toBe(0);
    }
    expect(KNOWN_KEYS_WORDS).toMatch(/^Your server answered as if your account had no keys\. Nothing was sent\./);

    // The link was not used up: the honest answer resets, with a login secret at the pinned costs.
    b.lie(null);
    b.sent.length = 0;
    const done = await resetPassword(b.deps, token, await checkResetLink(b.deps.api, token), NEW_PASSWORD, { olderAccount: false });
    expect(done.user.id).toBe(o.userId);
    expectNoPassword(b.sent);
    const reset = JSON.parse(b.sent.at(-1)!) as { loginSecret: string; kdf: KdfParams };
    expect(reset.kdf).toMatchObject({ alg: 'argon2id', memoryKiB: 64 * 1024, iterations: 3 });
    expect(reset.loginSecret).toBe((await derivePasswordKeys(NEW_PASSWORD, reset.kdf)).loginSecret);
  });

  it('a device that pinned the keys: a check naming another account (one it has no pin for) with weaker protection or "no keys" is refused, even when the person ticks "made before keys"; nothing sent after the check', async () => {
    const { o, device } = await pinnedOwner();
    const token = tokenOf(await resetLink(o, mail.smtp()));
    const b = browserOf(o, device);
    const other = crypto.randomUUID(); // an account this device never saw: the server's choice
    const lies: [string, (real: () => Promise<unknown>) => unknown][] = [
      ['kdf: null', async (real) => ({ ...((await real()) as object), userId: other, kdf: null, kdfAlg: null })],
      ...WEAK.map(([name, weak]): [string, (real: () => Promise<unknown>) => unknown] => [name, async (real) => ({ ...((await weakened(weak)(real)) as object), userId: other })]).reverse(),
    ];
    for (const [name, lie] of lies) {
      b.lie(lie);
      b.sent.length = 0;
      const link = await checkResetLink(b.deps.api, token);
      expect(link.userId, name).toBe(other);
      await expect(resetPassword(b.deps, token, link, NEW_PASSWORD, { olderAccount: true }), name).rejects.toThrow(OTHER_ACCOUNT_WORDS);
      expect(b.sent, name).toEqual([JSON.stringify({ token })]); // the check only
      expect(b.derived(), name).toBe(0);
    }
    expect(OTHER_ACCOUNT_WORDS).toMatch(/Nothing was sent\./);
    // The honest answer names the pinned account and resets at its costs.
    b.lie(null);
    const done = await resetPassword(b.deps, token, await checkResetLink(b.deps.api, token), NEW_PASSWORD, { olderAccount: false });
    expect(done.unlock?.kdf).toMatchObject({ alg: 'argon2id', memoryKiB: 64 * 1024, iterations: 3 });
    expectNoPassword(b.sent);
  });

  it('a device without a pin: Argon2id below the registration costs is refused; "no keys" sends nothing unless the person says the account was made before keys', async () => {
    const { o } = await pinnedOwner();
    const token = tokenOf(await resetLink(o, mail.smtp()));
    const b = browserOf(o);
    b.lie(weakened(WEAK[0]![1]));
    await expect(resetPassword(b.deps, token, await checkResetLink(b.deps.api, token), NEW_PASSWORD, { olderAccount: false })).rejects.toThrow(WEAK_KDF_WORDS);
    b.lie(async (real) => ({ ...((await real()) as object), kdf: null, kdfAlg: null }));
    await expect(resetPassword(b.deps, token, await checkResetLink(b.deps.api, token), NEW_PASSWORD, { olderAccount: false })).rejects.toThrow(RESET_NO_KEYS_WORDS);
    expect(b.sent).toEqual([JSON.stringify({ token }), JSON.stringify({ token })]);
    expect(b.derived()).toBe(0);
    expect(RESET_NO_KEYS_WORDS).toMatch(/^Your server answered as if your account had no keys\. Nothing was sent\./);

    // The honest answer: this device derives at the account's own costs and pins them.
    b.lie(null);
    const done = await resetPassword(b.deps, token, await checkResetLink(b.deps.api, token), NEW_PASSWORD, { olderAccount: false });
    expect(done.unlock?.kdf).toMatchObject({ alg: 'argon2id', memoryKiB: 64 * 1024, iterations: 3 });
    expect((await b.deps.device.pinOf(o.userId))?.kdf).toMatchObject({ alg: 'argon2id', memoryKiB: 64 * 1024 });
    expectNoPassword(b.sent);
  });

  it('an account truly made before keys: its new password is sent only on the deliberate choice', async () => {
    const o = await mail.owner();
    const token = tokenOf(await resetLink(o, mail.smtp()));
    const b = browserOf(o);
    const link = await checkResetLink(b.deps.api, token);
    expect(link).toEqual({ userId: o.userId, kdf: null });
    await expect(resetPassword(b.deps, token, link, NEW_PASSWORD, { olderAccount: false })).rejects.toThrow(RESET_NO_KEYS_WORDS);
    expect(b.sent).toHaveLength(1);
    const done = await resetPassword(b.deps, token, link, NEW_PASSWORD, { olderAccount: true });
    expect(done).toMatchObject({ user: { id: o.userId }, unlock: null });
    expect(JSON.parse(b.sent.at(-1)!)).toEqual({ token, password: NEW_PASSWORD });
  });
});
