/**
 * What the server writes and shows for the release is made only of what it may read
 * (shared/crypto/fields.ts; SECURITY.md "What the server sees"): e-mails, the trustee's
 * invitation and report pages, the owner's activity lines and readiness name nobody by a sealed
 * field. For a sealed account such a field is an envelope, so a page or an e-mail built from it
 * would show ciphertext to a grieving family; here every sealed name is a canary (a legacy account
 * stores it in plain text, so a server that read it would print it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-support';
import { acceptInvitation, linkOf, ownerOn, runFor, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

describe('the release names nobody by a sealed field', () => {
  it('e-mails, invitation and report pages, activity and readiness carry no sealed name', { timeout: 60_000 }, async () => {
    const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' }), 'Ada', 'Lastcanary');
    await o.post('/api/trustees', { name: 'Fullcanary Trustee', email: o.addr('full'), accessLevel: 'full' });
    await o.post('/api/trustees', { name: 'Msgcanary Trustee', email: o.addr('msgs'), accessLevel: 'messages-only' });
    const letter = await o.post('/api/messages', { recipientName: 'Recipcanary', recipientEmail: o.addr('reader'), messageType: 'text', messageContent: 'Be brave.', deliveryDate: null });
    await o.t.services.scheduler.runOnce();

    const seen: string[] = [];
    const page = async (link: string, method = 'GET', form?: Record<string, string>) => {
      const res = await o.open(link, method, form);
      seen.push(await res.text());
      return res;
    };
    await page(linkOf(await smtp.waitFor(o.addr('full'), /asked you to be a trustee/)));
    const report = await acceptInvitation(o, smtp, 'full');
    await acceptInvitation(o, smtp, 'msgs');
    await page(report);
    await page(`${report}/confirm`, 'POST');
    expect((await page(report, 'POST', REPORTED)).status).toBe(200);
    for (let day = 0; day < 31 && (await o.t.services.release.state(o.userId)).phase !== 'released'; day++) await runFor(o, 1, DAY_MS);
    const access = linkOf(await smtp.waitFor(o.addr('msgs'), /left for you/));
    expect((await page(`${access}/resend/${letter.id}`, 'POST')).status).toBe(200);
    await o.t.services.scheduler.runOnce();
    await smtp.waitFor(o.addr('reader'), /.*/);

    seen.push(JSON.stringify(await o.get('/api/release/activity')), JSON.stringify(await o.get('/api/release/readiness')), JSON.stringify(await o.get('/api/release/status')));
    for (const e of smtp.received.filter((m) => m.to.some((to) => to.includes(o.addr('').slice(1))))) seen.push(`${e.subject}\n${e.text}`);
    const all = seen.join("\n");
    expect(all).toContain('accepted your invitation'); // the activity is there, by address
    expect(all.match(/\w*canary\w*/gi) ?? []).toEqual([]);
  });
});
