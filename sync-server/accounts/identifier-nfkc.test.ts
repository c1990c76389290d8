/**
 * Identifiers are normalised (NFKC, then the username rules: trimmed, compared without case) before
 * any lookup and before the unknown-name salt (issue 40 low finding; SECURITY.md "Limits" table
 * row on sign-in): a name written with U+212A KELVIN SIGN is the name with "K", so prelogin cannot
 * be asked two spellings whose answers differ only when the account exists. The real app over a
 * real SQLite file, the real SMTP test server for the reset mail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKdfParams } from '../../shared/crypto/kdf';
import { ownerOn } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { createTestApp, newUser, signUp } from '../test/test-support';

const KELVIN = '\u212A';
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

const prelogin = async (t: ReturnType<typeof createTestApp>, identifier: string) => (await t.call('POST', '/api/auth/prelogin', { identifier })).json();

describe('identifiers are normalised before lookup and before the fake salt (issue 40, U+212A)', () => {
  it('prelogin answers a name written with the Kelvin sign as the name itself, with or without keys; an unknown one alike', async () => {
    const t = createTestApp();
    const { user: legacy } = await signUp(t, { username: `kate_${Date.now() % 100000}` });
    expect(await prelogin(t, legacy.username)).toEqual({ kdf: null });
    expect(await prelogin(t, legacy.username.replace('k', KELVIN))).toEqual({ kdf: null });
    expect(await prelogin(t, ` ${legacy.username.toUpperCase().replace('K', KELVIN)} `)).toEqual({ kdf: null });

    const { user: keyed } = await signUp(t, { username: `kim_${Date.now() % 100000}` });
    const kdf = newKdfParams('argon2id');
    const keyring = { v: 1 as const, ak: 1, keys: { 'plan~1': `w1.${'A'.repeat(16)}.${'B'.repeat(64)}` } };
    expect(await t.services.keys.create(keyed.id, { kdf, akVersion: 1, akPassword: 'w1.x', akRecovery: null, keyring, proofHash: 'ab'.repeat(32) }, t.deps.now())).toBe(true);
    expect(await prelogin(t, keyed.username.replace('k', KELVIN))).toEqual({ kdf });

    // An unknown name: its spellings share one fake salt, as they would share one account.
    const unknown = (await prelogin(t, 'kelly_nobody')) as { kdf: { salt: string } };
    expect(await prelogin(t, `${KELVIN}elly_nobody`)).toEqual(unknown);
    expect(unknown.kdf.salt).not.toBe(((await prelogin(t, 'kelly_nobody2')) as { kdf: { salt: string } }).kdf.salt);
  });

  it('sign-in and sign-up take the Kelvin spelling as the name with "k"; the reset e-mail an address in compatibility letters', async () => {
    const t = createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example' });
    const { body } = await signUp(t, { username: `kai_${Date.now() % 100000}` });
    const login = await t.call('POST', '/api/auth/login', { username: body.username.replace('k', KELVIN), password: body.password });
    expect(login.status).toBe(200);
    const again = await t.call('POST', '/api/auth/register', newUser({ username: body.username.replace('k', KELVIN) }));
    expect(again.status).toBe(409); // the name is taken, not "letters, numbers…"

    const o = await ownerOn(t, 'Kora');
    // The address in compatibility letters (NFKC folds fullwidth ｅ to e), as a phone's keyboard may send it.
    const wide = o.email.replace('example', '\uFF45xample');
    expect(wide).not.toBe(o.email);
    expect((await t.call('POST', '/api/auth/forgot-password', { email: wide })).status).toBe(200);
    await t.services.resetMail.settled();
    await t.services.scheduler.runOnce();
    await smtp.waitFor(o.email, /Reset your Afterword password/);
  });
});
