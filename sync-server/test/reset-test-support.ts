/**
 * Test support for password resets (imported only by *.test.ts): a reset link read from the real
 * SMTP test server, and keys made before the reset, whose AK proof token ends the unproven state
 * (keys/proof-route.ts).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { newKdfParams } from '../../shared/crypto/kdf';
import { akProofToken, newAccountKey, proofHash } from '../../shared/crypto/keys';
import { linkOf, ownerOn, type Owner } from './release-test-support';
import { startTestSmtp, type TestSmtp } from './smtp-test-server';
import { cookieOf, createTestApp } from './test-support';

/** The token of a reset link (its fragment). */
export const tokenOf = (link: string) => link.split('#')[1]!;

/** The login secret a keyed reset sets (base64url, 32 bytes). */
export const RESET_SECRET = toB64url(new Uint8Array(32).fill(7));

/** Asks for a reset link for the owner's address (POST /api/auth/forgot-password) and returns it from the mail on `smtp`. */
export async function resetLink(o: Owner, smtp: TestSmtp): Promise<string> {
  const before = smtp.to(o.email).length;
  expect((await o.t.call('POST', '/api/auth/forgot-password', { email: o.email.toUpperCase() })).status).toBe(200);
  await o.t.services.resetMail.settled(); // queued after the answer (accounts/reset-mail.ts)
  await o.t.services.scheduler.runOnce();
  await smtp.waitFor(o.email, /Reset your Afterword password/);
  const mails = smtp.to(o.email).filter((m) => /Reset your Afterword password/.test(m.subject));
  expect(smtp.to(o.email).length).toBeGreaterThan(before);
  return linkOf(mails.at(-1)!);
}

/** Gives the owner's account keys made before any reset; returns AK's proof token (base64url). */
export async function keysBeforeReset(o: Owner): Promise<string> {
  const ak = newAccountKey();
  const token = await akProofToken(ak, o.userId);
  const keyring = { v: 1, ak: 1, keys: { 'plan~1': `w1.${'A'.repeat(16)}.${'B'.repeat(64)}` } } as const;
  const created = await o.t.services.keys.create(
    o.userId,
    { kdf: newKdfParams('argon2id'), akVersion: 1, akPassword: 'w1.old-password-wrap', akRecovery: 'w1.recovery-wrap', keyring, proofHash: await proofHash(token) },
    o.t.deps.now(),
  );
  expect(created).toBe(true);
  o.t.advance(1000);
  return toB64url(token);
}

/**
 * An account with keys reset by its link, as the reset page does it (login secret RESET_SECRET,
 * fresh KDF): returns the new unproven session's cookie and the proof that ends its unproven state.
 */
export async function resetKeyedAccount(o: Owner, smtp: TestSmtp): Promise<{ cookie: string; proof: string }> {
  const proof = await keysBeforeReset(o);
  const token = tokenOf(await resetLink(o, smtp));
  const res = await o.t.call('POST', '/api/auth/reset-password', { token, loginSecret: RESET_SECRET, kdf: newKdfParams('argon2id') });
  expect(res.status, await res.clone().text()).toBe(200);
  return { cookie: cookieOf(res), proof };
}

/**
 * The file's SMTP test server, started before its tests and closed after them; `owner()` is a new
 * owner (confirmed address) on a fresh app that mails through it, so reset links arrive there.
 */
export function useResetMail(): { smtp: () => TestSmtp; owner: () => Promise<Owner> } {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  return { smtp: () => smtp, owner: () => ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example' })) };
}
