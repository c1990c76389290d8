/**
 * The AK-proof limit is per session, under a larger per-account cap (issue 40 low finding;
 * keys/proof-route.ts; SECURITY.md "Limits"): a reset's session that spends its tries on wrong
 * proofs does not lock out the owner's device with the right one. The real app over a real SQLite
 * file, the real reset link from the real SMTP test server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { ownerOn } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { randomBytes } from 'node:crypto';
import { signToken } from '../accounts/signed-token';
import { RESET_SECRET, resetKeyedAccount } from '../test/reset-test-support';
import { PROOFS_PER_ACCOUNT, PROOFS_PER_SESSION } from './proof-route';
import { cookieOf, createTestApp } from '../test/test-support';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describe('the AK-proof limit (issue 40)', () => {
  it("one session's wrong proofs use up its own tries, not the owner's device's", async () => {
    const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example' }));
    const { cookie: reader, proof } = await resetKeyedAccount(o, smtp);
    const owner = cookieOf(await o.t.call('POST', '/api/auth/login', { identifier: o.username, loginSecret: RESET_SECRET }));
    const prove = (cookie: string, p: string) => o.t.call('POST', '/api/keys/proof', { proof: p }, cookie).then((r) => r.status);
    const wrong = toB64url(new Uint8Array(32).fill(1));
    const spent: number[] = [];
    for (let i = 0; i < 11; i++) spent.push(await prove(reader, wrong));
    expect(spent).toEqual([...new Array<number>(10).fill(400), 429]);
    expect(await prove(reader, proof)).toBe(429); // that session waits its window out
    expect(await prove(owner, proof)).toBe(200);
  });

  it('the account has a cap over all its sessions: past it, every session waits', async () => {
    const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example' }));
    const { proof } = await resetKeyedAccount(o, smtp);
    /** A new unproven session row of the account and its cookie, as startSession makes them (sign-ins are limited, rows are not the point here). */
    const session = async () => {
      const now = o.t.deps.now();
      const id = randomBytes(32).toString('base64url');
      await o.t.services.accounts.createSession({ id, user_id: o.userId, created_at: now, last_seen_at: now, expires_at: now + 86_400_000, authenticated_at: now, unproven: 1 });
      return `afterword_session=${signToken(o.t.deps, 'afterword-web', { sub: o.userId, jti: id }, now + 86_400_000)}`;
    };
    const wrong = toB64url(new Uint8Array(32).fill(2));
    const prove = (cookie: string, p: string) => o.t.call('POST', '/api/keys/proof', { proof: p }, cookie).then((r) => r.status);
    const sessions = PROOFS_PER_ACCOUNT / PROOFS_PER_SESSION;
    for (let i = 0; i < sessions; i++) {
      const cookie = await session();
      for (let j = 0; j < PROOFS_PER_SESSION; j++) expect(await prove(cookie, wrong)).toBe(400);
      o.t.advance(25_000); // within the account's 10 minutes, under the frame's writes per minute
    }
    expect(await prove(await session(), proof)).toBe(429);
    o.t.advance(10 * 60_000);
    expect(await prove(await session(), proof)).toBe(200);
  });
});
