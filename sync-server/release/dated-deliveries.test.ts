/**
 * The delivery rule for dated messages (shared/delivery-rule.ts, DESIGN.md §8): nothing before the
 * release; a dated message on its date if the release has happened by then, at the release if its
 * date has already passed; and what the owner and the trustee are shown is what happened (sent on
 * …, opened on …, waiting for its date). Real app, real SQLite file, a real SMTP server on loopback.
 */
import type { TrusteePageData } from '../../shared/release/pages';
import { deliveryStateLine } from '../../shared/delivery-rule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '../../shared/schema';
import { validateChange } from '../../shared/sync/change';
import { formatHlc } from '../../shared/sync/hlc';
import { acceptInvitation, linkOf, ownerWithSmtp, runFor, type Owner, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  // A mailbox that does not exist: its e-mail is refused for good (550).
  smtp = await startTestSmtp({ refuse: (address) => address.startsWith('nobody-') });
});
afterAll(() => smtp.close());

const HOUR = 60 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** The trustee page's dates: en-US long (SPEC.md §9), here in UTC. */
const usLongUtc = (ms: number) => new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const sentTo = (o: Owner, who: string) => smtp.to(o.addr(who)).filter((e) => /A message from/.test(e.subject));

/** The owner's message for `who`, as the REST API (and every device) sees it. */
async function messageFor(o: Owner, who: string): Promise<Message> {
  await o.signIn();
  return (await o.get<Message[]>('/api/messages')).find((m) => m.recipientName === who)!;
}

/** A released plan: a trustee accepts, `beforeReport` ms pass, they report, the 7-day wait ends. Returns the release's time. */
async function release(o: Owner, beforeReport: number): Promise<number> {
  await o.addTrustee('grace');
  await o.t.services.scheduler.runOnce();
  const report = await acceptInvitation(o, smtp, 'grace');
  await runFor(o, 1, beforeReport);
  expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
  await runFor(o, 7, DAY_MS);
  await runFor(o, 1, HOUR);
  return o.t.deps.now();
}

describe('dated messages (shared/delivery-rule.ts)', () => {
  it('a message whose date passed while the owner lived is sent at the release, and says when', async () => {
    const o = await ownerWithSmtp(smtp);
    const start = o.t.deps.now();
    await o.addMessage('clara', 'For your birthday', iso(start + 3 * DAY_MS));
    await o.addMessage('sam', 'Undated', null);
    const releasedAt = await release(o, 4 * DAY_MS);
    expect(releasedAt - start).toBeGreaterThan(3 * DAY_MS);
    await smtp.waitFor(o.addr('clara'), /A message from/);
    await smtp.waitFor(o.addr('sam'), /A message from/);
    const clara = await messageFor(o, 'clara');
    expect(clara.delivered).toBe(true);
    // Sent in the release's pass (the last hour of runFor), not on its passed date.
    expect(Date.parse(clara.deliveredAt!)).toBeGreaterThan(releasedAt - 2 * HOUR);
    expect(clara.openedAt).toBeNull();
  });

  it('a message dated after the release waits for its date, then is sent on it', async () => {
    const o = await ownerWithSmtp(smtp);
    const start = o.t.deps.now();
    const date = start + 30 * DAY_MS;
    await o.addMessage('tom', 'For your wedding day', iso(date));
    const releasedAt = await release(o, DAY_MS);
    expect(releasedAt).toBeLessThan(date);
    expect(sentTo(o, 'tom')).toHaveLength(0);
    expect((await messageFor(o, 'tom')).deliveredAt).toBeNull();

    await runFor(o, 1, date - HOUR - o.t.deps.now());
    expect(sentTo(o, 'tom')).toHaveLength(0);
    await runFor(o, 1, 2 * HOUR);
    await smtp.waitFor(o.addr('tom'), /A message from/);
    const tom = await messageFor(o, 'tom');
    expect(tom.delivered).toBe(true);
    expect(Date.parse(tom.deliveredAt!)).toBe(date + HOUR);
  });

  it("the recipient's first open is recorded once; the trustee's page shows each message's real state", async () => {
    const o = await ownerWithSmtp(smtp);
    const start = o.t.deps.now();
    await o.addMessage('clara', 'For your birthday', iso(start + 3 * DAY_MS));
    await o.addMessage('ruth', 'For next year', iso(start + 400 * DAY_MS));
    await o.addMessage('nobody', 'To an address that does not exist', null);
    const releasedAt = await release(o, 4 * DAY_MS);
    const link = linkOf(await smtp.waitFor(o.addr('clara'), /A message from/));
    const access = linkOf(await smtp.waitFor(o.addr('grace'), /left for you/));

    const states = async () =>
      // The page words the facts in its reader's zone (web/release/trustee.ts): here, UTC's.
      Object.fromEntries(((await (await o.open(`${access}/data`)).json()) as TrusteePageData).messages!.map((m) => [`${m.recipientName} (${m.recipientEmail})`, deliveryStateLine(m, o.t.deps.now(), (d) => usLongUtc(Date.parse(d)))]));
    let page = await states();
    expect(page[`clara (${o.addr('clara')})`]).toBe(`sent on ${usLongUtc(releasedAt)}`);
    expect(page[`ruth (${o.addr('ruth')})`]).toBe(`waiting for its date, ${usLongUtc(start + 400 * DAY_MS)}`);

    await runFor(o, 1, DAY_MS);
    const openedAt = o.t.deps.now();
    expect((await o.open(`${link}/data`)).status).toBe(200);
    await runFor(o, 1, DAY_MS);
    expect((await o.open(`${link}/data`)).status).toBe(200);
    expect(Date.parse((await messageFor(o, 'clara')).openedAt!)).toBe(openedAt);
    page = await states();
    expect(page[`clara (${o.addr('clara')})`]).toBe(`sent on ${usLongUtc(releasedAt)}, opened on ${usLongUtc(openedAt)}`);
    // Its e-mail was refused for good: the page says so, not "being sent" for ever.
    expect(page[`nobody (${o.addr('nobody')})`]).toBe('could not be delivered: the e-mail to this address was refused or never arrived');
  });

  it('the owner cannot write the server-only delivery facts', async () => {
    const o = await ownerWithSmtp(smtp);
    const { id } = await o.addMessage('clara', 'Hello', null);
    const res = await o.t.call('PATCH', `/api/messages/${id}`, { openedAt: iso(o.t.deps.now()) }, o.cookie);
    expect(res.status).toBe(400);
    expect((await messageFor(o, 'clara')).openedAt).toBeNull();
    // Nor through sync: a device's change touching one is refused (rule 10); the server's is taken.
    for (const field of ['deliveredAt', 'openedAt']) {
      const change = { collection: 'messages', id, hlc: formatHlc({ ms: o.t.deps.now(), counter: 0, node: 'a' }), fields: { [field]: iso(o.t.deps.now()) } };
      expect(validateChange(change, { actor: 'client', userId: o.userId })).toMatchObject({ ok: false, reason: expect.stringMatching(/only the server/) });
      expect(validateChange(change, { actor: 'server', userId: o.userId }).ok).toBe(true);
    }
  });
});
