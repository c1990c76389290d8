/**
 * The AK-proof limit is per session, under a larger per-account cap (issue 40 low finding;
 * keys/proof-route.ts; SECURITY.md "Limits"): a reset's session that spends its tries on wrong
 * proofs does not lock out the owner's device with the right one. The real app over a real SQLite
 * file, the real reset link from the real SMTP test server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { ownerOn } from '../release/release-test-support';
import { startTestSmtp, type TestSmtp } from '../release/smtp-test-server';
import { RESET_SECRET, resetKeyedAccount } from '../routes/reset-test-support';
import { cookieOf, createTestApp } from '../test-support';

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
});
