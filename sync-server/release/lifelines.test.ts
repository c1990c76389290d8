/**
 * The owner's lifelines are never refused on the read budget (review of issue 40, finding M1): the
 * owner's budgets are shared with every token link of the account (http/token-budgets.ts), so a
 * trustee who read the owner's `readBytesPerMinute` away must not block "I'm still here": the
 * signed-in cancel and check-in, and the owner's still-here, check-in and confirmation links are
 * charged but never refused by it. Real app over a real SQLite file, a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation, linkOf, ownerWithSmtp, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** One read of the owner's activity, its body read whole (bytes count as they are sent); true once it is the budget's 429. */
async function readAway(o: Awaited<ReturnType<typeof ownerWithSmtp>>): Promise<boolean> {
  const res = await o.t.call('GET', '/api/release/activity', undefined, o.cookie);
  await res.arrayBuffer();
  return res.status === 429;
}

/** An owner (read budget 4,000 bytes a minute) whose trustee Grace reported a death: the waiting period runs. */
async function reportedOwner() {
  const o = await ownerWithSmtp(smtp, { PUBLIC_URL: 'http://afterword.test', AFTERWORD_LIMITS: JSON.stringify({ readBytesPerMinute: 4_000 }) });
  await o.addTrustee('grace');
  await o.t.services.scheduler.runOnce();
  const report = await acceptInvitation(o, smtp, 'grace');
  expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
  return o;
}

describe("the owner's lifelines stand when the read budget is spent", () => {
  it('a false report: with the read budget spent, the still-here link and the signed-in cancel and check-in still answer', { timeout: 60_000 }, async () => {
    const o = await reportedOwner();
    await o.t.services.scheduler.runOnce();
    const stillHere = linkOf(await smtp.waitFor(o.email, /waiting period has started/));
    expect((await o.t.services.release.state(o.userId)).phase).toBe('waiting');

    // The budget is spent (here by the owner's own reads; a trustee's page loop spends the same budget).
    o.t.advance(61_000);
    let spent = false;
    for (let i = 0; i < 50 && !spent; i++) spent = await readAway(o);
    expect(spent).toBe(true);

    expect((await o.open(stillHere)).status).toBeLessThan(400);
    expect((await o.t.call('POST', '/api/release/check-in', {}, o.cookie)).status).toBe(200);
    expect((await o.open(stillHere, 'POST')).status).toBeLessThan(400);
    expect((await o.t.services.release.state(o.userId)).phase).toBe('active');
    // An ordinary read is still refused: the budget holds for everything else.
    expect((await o.t.call('GET', '/api/release/activity', undefined, o.cookie)).status).toBe(429);
  });

  it('the signed-in cancel answers with the read budget spent', { timeout: 60_000 }, async () => {
    const o = await reportedOwner();
    o.t.advance(61_000);
    let spent = false;
    for (let i = 0; i < 50 && !spent; i++) spent = await readAway(o);
    expect(spent).toBe(true);
    expect((await o.t.call('POST', '/api/release/cancel', {}, o.cookie)).status).toBe(200);
    expect((await o.t.services.release.state(o.userId)).phase).toBe('active');
  });
});
