/**
 * The owner's address is verified by a single-use link before any release notice goes to it
 * (owner-email.ts, SECURITY.md "Limits"): the link comes from PUBLIC_URL only, works once, for
 * 3 days, and only while the profile names the address it was sent to; a changed address is
 * unverified again. Real app over a real SQLite file, a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-support';
import { acceptInvitation, linkOf, ownerOn, runFor, uniqueTag, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** A new owner whose address is not verified yet (a new account, or one from before the rule). */
async function unverifiedOwner() {
  const t = createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example' });
  const o = await ownerOn(t);
  const email = o.addr('me');
  // A changed address is unverified: ownerOn's confirmed one is replaced.
  expect((await t.call('PATCH', '/api/user/profile', { email }, o.cookie)).status).toBe(200);
  const verify = (headers: Record<string, string> = {}) => t.call('POST', '/api/release/owner-email/verify', {}, o.cookie, headers);
  const readiness = () => o.get<{ ownerEmailVerified: boolean; missing: string[] }>('/api/release/readiness');
  return { t, o, email, verify, readiness };
}

describe("the owner's e-mail address is verified by a link", () => {
  it('one link, from PUBLIC_URL only, confirms once; then notices reach the owner', async () => {
    const { t, o, email, verify, readiness } = await unverifiedOwner();
    expect((await readiness()).ownerEmailVerified).toBe(false);
    const res = await verify({ Host: 'evil.example', 'X-Forwarded-Host': 'evil.example' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, to: email });
    await t.services.scheduler.runOnce();
    const mail = await smtp.waitFor(email, /Confirm your e-mail address/);
    const link = linkOf(mail);
    expect(link.startsWith('https://afterword.example/api/verify-email/')).toBe(true);
    // The token is stored only as its hash.
    const token = link.split('/').pop()!;
    expect(JSON.stringify(t.deps.db.prepare('SELECT * FROM release_tokens').all())).not.toContain(token);

    const page = await o.open(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Confirm ${email}`);
    expect((await readiness()).ownerEmailVerified).toBe(false); // a GET (a mail scanner) confirms nothing
    expect((await o.open(link, 'POST')).status).toBe(200);
    expect((await o.open(link, 'POST')).status).toBe(404); // single use
    expect((await readiness()).ownerEmailVerified).toBe(true);
    expect((await readiness()).missing.join(' ')).not.toContain('cannot reach you');
    expect((await o.get<{ kind: string }[]>('/api/release/activity')).some((a) => a.kind === 'email-verified')).toBe(true);
    expect((await verify()).status).toBe(409);

    // Now a report reaches the owner.
    await o.addTrustee('grace');
    await t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await t.services.scheduler.runOnce();
    await smtp.waitFor(email, /A waiting period has started/);
  });

  it('a changed address is unverified again; a link or a queued e-mail to the old one does nothing', async () => {
    const { t, o, email, verify, readiness } = await unverifiedOwner();
    expect((await verify()).status).toBe(200);
    await t.services.scheduler.runOnce();
    const link = linkOf(await smtp.waitFor(email, /Confirm your e-mail address/));
    // A second request queued, then the address changes before it is sent: it is not sent.
    expect((await verify()).status).toBe(200);
    const other = o.addr('other');
    expect((await t.call('PATCH', '/api/user/profile', { email: other }, o.cookie)).status).toBe(200);
    await t.services.scheduler.runOnce();
    expect(smtp.to(email)).toHaveLength(1);
    expect((await o.open(link, 'POST')).status).toBe(404);
    expect((await readiness()).ownerEmailVerified).toBe(false);

    // The new address verified, then changed back: the old verification does not carry over.
    expect((await verify()).status).toBe(200);
    await t.services.scheduler.runOnce();
    expect((await o.open(linkOf(await smtp.waitFor(other, /Confirm your e-mail address/)), 'POST')).status).toBe(200);
    expect((await readiness()).ownerEmailVerified).toBe(true);
    expect((await t.call('PATCH', '/api/user/profile', { email: `x-${uniqueTag()}@example.com` }, o.cookie)).status).toBe(200);
    expect((await readiness()).ownerEmailVerified).toBe(false);
  });

  it('a link expires after 3 days', async () => {
    const { t, o, email, verify } = await unverifiedOwner();
    expect((await verify()).status).toBe(200);
    await t.services.scheduler.runOnce();
    const link = linkOf(await smtp.waitFor(email, /Confirm your e-mail address/));
    await runFor(o, 1, 3 * DAY_MS);
    expect((await o.open(link)).status).toBe(404);
    expect((await o.open(link, 'POST')).status).toBe(404);
  });
});

describe('an address with capitals (as phones often type it)', () => {
  it('once verified, still receives the notices of a waiting period', async () => {
    const t = createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example' });
    const o = await ownerOn(t);
    const email = o.addr('me').replace(/^m/, 'M');
    expect((await t.call('PATCH', '/api/user/profile', { email }, o.cookie)).status).toBe(200);
    expect((await t.call('POST', '/api/release/owner-email/verify', {}, o.cookie)).status).toBe(200);
    await t.services.scheduler.runOnce();
    expect((await o.open(linkOf(await smtp.waitFor(email, /Confirm your e-mail address/)), 'POST')).status).toBe(200);
    await o.addTrustee('grace');
    await t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await t.services.scheduler.runOnce();
    await smtp.waitFor(email, /A waiting period has started/);
  });
});
