/**
 * A mail server down for three weeks over a release through trustee kits (issue "Release through
 * trustees' key shares", "Ten years": SMTP outages; issue #16: every message exactly once). The
 * owner has died: nobody is left to read "could not be delivered" in their activity. When the
 * outage starts the trustees have confirmed and the letters are due; when it ends, every letter
 * must still reach its recipient and every trustee their access e-mail, once. The real app over a
 * real SQLite file, the test clock, a real SMTP server on loopback, a scheduler pass every day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { kitCall, ownerWithTrustees, postKits } from '../test/kit-test-support';
import { createTestApp } from '../test/test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { lapseUntilTrusteesAsked } from '../test/release-test-support';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp?.close());

describe('a three-week SMTP outage over a release through kits', () => {
  it('every letter and every access e-mail is sent once the mail server is back', async () => {
    const t = createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' });
    let server: TestSmtp | null = null;
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob', 'cy'], [], t);
    await o.addMessage('kim', 'For Kim.');
    await o.addMessage('lou', 'For Lou.');
    const { made, tokens } = await postKits(o, trustees, 2);
    for (const i of [0, 1, 2]) expect((await kitCall(o, 'POST', `/api/kit/${tokens[i]}/handover`, { commitment: made.kits[i]!.commitment })).status).toBe(204);
    await lapseUntilTrusteesAsked(o);
    const phase = async () => (await o.t.services.release.state(o.userId)).phase;
    // The mail server goes down; ann and bob confirm from the kit links they already have.
    await smtp.close();
    for (const i of [0, 1]) expect((await kitCall(o, 'POST', `/api/kit/${tokens[i]}/confirm`, { share: toB64url(made.kits[i]!.kit.share) })).status).toBe(200);
    expect(await phase()).toBe('released');
    for (let day = 1; day <= 30; day++) {
      o.t.advance(DAY_MS);
      if (day === 21) server = await startTestSmtp({ port: smtp.port, received: smtp.received });
      await o.t.services.scheduler.runOnce();
    }
    await server?.close();
    const mails = (who: string, re: RegExp) => smtp.to(o.addr(who)).filter((e) => re.test(e.subject));
    for (const who of ['kim', 'lou']) expect(mails(who, /^A message from Ada$/), who).toHaveLength(1);
    for (const who of ['ann', 'bob', 'cy']) expect(mails(who, /^What Ada left for you$/), who).toHaveLength(1);
    // Only the owner's own notice ("has been released", retried 8 days) may have been given up.
    expect((await o.t.services.release.store.failedEmails(o.userId)).map((e) => e.kind)).toEqual(['owner-released']);
  }, 60_000);
});
