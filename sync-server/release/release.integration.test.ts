/**
 * Release after death end to end over HTTP and a real SMTP server on loopback (issue #10):
 * invitation, acceptance, report, waiting period, cancel (in the app and by the emailed link),
 * removal, release, delivery, trustee access by level, resend, and nothing before release.
 */
import type { DeliveryPageData, TrusteePageData } from '../../shared/release/pages';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { AppDeps } from '../app-env';
import type { Config } from '../config';
import { openDatabase } from '../db/sqlite';
import { createServices } from '../services';
import { cookieOf, createTestApp, signUp, type TestApp } from '../test/test-support';
import { formRequest, outboxFiles, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type ReceivedEmail, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

/** The one link of an email. */
const linkOf = (e: ReceivedEmail) => {
  expect(e.links).toHaveLength(1);
  return e.links[0]!;
};

async function setup() {
  const t = createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' });
  const tag = Math.random().toString(36).slice(2, 8);
  const { cookie, user, body } = await signUp(t, { firstName: 'Ada', lastName: 'Lovelace', email: `owner-${tag}@example.com` });
  const ownerEmail = `owner-${tag}@example.com`;
  // Confirmed, as by the owner following the link (owner-email.test.ts follows it).
  await t.services.release.store.setVerifiedOwnerEmail(user.id, ownerEmail, t.deps.now());
  const post = async (path: string, body: unknown) => {
    const res = await t.call('POST', path, body, cookie);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(201);
    return (await res.json()) as { id: string };
  };
  const addr = (who: string) => `${who}-${tag}@example.com`;
  const full = await post('/api/trustees', { name: 'Grace Hopper', email: addr('grace'), accessLevel: 'full' });
  const docs = await post('/api/trustees', { name: 'Mary Somerville', email: addr('mary'), accessLevel: 'documents-only' });
  const msgs = await post('/api/trustees', { name: 'Charles Babbage', email: addr('charles'), accessLevel: 'messages-only' });
  const now = await post('/api/messages', {
    recipientName: 'Annabella',
    recipientEmail: addr('annabella'),
    messageType: 'text',
    messageContent: 'My dearest Annabella,\nthe stars were always yours. <b>Love</b>, Mum',
  });
  const later = await post('/api/messages', {
    recipientName: 'Byron',
    recipientEmail: addr('byron'),
    messageType: 'text',
    messageContent: 'For your thirtieth birthday: be brave.',
    deliveryDate: new Date(t.deps.now() + 60 * DAY_MS).toISOString(),
  });
  await post('/api/documents', { documentType: 'will', documentName: 'Last will 2026', documentUrl: 'https://files.example.com/will.pdf' });
  await post('/api/survivor-tasks', {
    title: 'Call the bank',
    description: 'Tell the bank and freeze the joint account.',
    category: 'financial',
    timeframe: '1w',
    automationLevel: 'manual-with-guidance',
    priority: 2,
  });
  const planRes = await t.call('POST', '/api/death-plan', { location: 'Kensal Green', specialRequests: 'Play Bach.' }, cookie);
  expect(planRes.status).toBeLessThan(300);
  const { scheduler } = t.services;
  const req = (link: string, method = 'GET', form?: Record<string, string>) => t.app.request(link, formRequest(method, form));
  return { t, cookie, user, body, ownerEmail, addr, full, docs, msgs, now, later, scheduler, req };
}

async function acceptInvite(s: Awaited<ReturnType<typeof setup>>, who: string) {
  const invite = await smtp.waitFor(s.addr(who), /asked you to be a trustee/);
  const link = linkOf(invite);
  expect(link).toMatch(/^http:\/\/afterword\.test\/api\/trustee\/invite\/[A-Za-z0-9_-]{43}$/);
  const page = await s.req(link);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Ada has asked you to be a trustee');
  expect((await s.req(link, 'POST')).status).toBe(200);
  // Single use: the invitation link stops working once accepted.
  expect((await s.req(link)).status).toBe(404);
  await s.scheduler.runOnce();
  return linkOf(await smtp.waitFor(s.addr(who), /Thank you for being/));
}

describe('release after death over HTTP and SMTP', () => {
  it('invites, reports, cancels, releases once, delivers, and shows each trustee only their level', async () => {
    const s = await setup();
    const { t, cookie } = s;

    // The scheduler notices the new trustees and invites each once, however often it runs.
    await s.scheduler.runOnce();
    await s.scheduler.runOnce();
    for (const who of ['grace', 'mary', 'charles']) expect(smtp.to(s.addr(who))).toHaveLength(1);
    let trustees = (await (await t.call('GET', '/api/release/trustees', undefined, cookie)).json()) as { name: string; invitation: string }[];
    expect(trustees.map((x) => x.invitation)).toEqual(['invited', 'invited', 'invited']);

    const reportGrace = await acceptInvite(s, 'grace');
    const reportMary = await acceptInvite(s, 'mary');
    await acceptInvite(s, 'charles');
    trustees = (await (await t.call('GET', '/api/release/trustees', undefined, cookie)).json()) as typeof trustees;
    expect(new Set(trustees.map((x) => x.invitation))).toEqual(new Set(['accepted']));

    // Before release nothing is visible: report links are not access links.
    expect((await s.req(reportGrace.replace('/report/', '/access/'))).status).toBe(404);
    expect((await s.req(reportGrace.replace('/api/trustee/report/', '/api/delivery/'))).status).toBe(404);

    // Grace reports; the owner is emailed and sees the waiting period.
    expect(await (await s.req(reportGrace)).text()).toContain("Report Ada's passing");
    const reported = await s.req(reportGrace, 'POST', REPORTED);
    expect(reported.status).toBe(200);
    await s.scheduler.runOnce();
    const waitingMail = await smtp.waitFor(s.ownerEmail, /waiting period has started/);
    // Trustees' names are the owner's sealed words (SECURITY.md): the server names a trustee by their address.
    expect(waitingMail.text).toContain(`${s.addr('grace')}, one of your trustees`);
    expect(waitingMail.text).not.toContain('Grace Hopper');
    let status = (await (await t.call('GET', '/api/release/status', undefined, cookie)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ state: 'waiting', startedBy: { kind: 'trustee', name: s.addr('grace') } });
    expect(Date.parse(status.endsAt as string) - Date.parse(status.startedAt as string)).toBe(7 * DAY_MS);
    // A second report while waiting is refused.
    expect((await s.req(reportMary, 'POST', REPORTED)).status).toBe(409);

    // "I'm still here" in the app.
    const cancel = await t.call('POST', '/api/release/cancel', undefined, cookie);
    expect(cancel.status).toBe(200);
    expect((await t.call('POST', '/api/release/cancel', undefined, cookie)).status).toBe(409);
    await s.scheduler.runOnce();
    await smtp.waitFor(s.ownerEmail, /was cancelled/);
    const activity = (await (await t.call('GET', '/api/release/activity', undefined, cookie)).json()) as { text: string }[];
    expect(activity.slice(0, 2).map((a) => a.text)).toEqual([
      'You said \u201cI\'m still here\u201d. The waiting period was cancelled.',
      `${s.addr('grace')} reported your passing. A waiting period of 7 days began.`,
    ]);
    // The emailed one-click link of that (cancelled) waiting period no longer answers.
    expect((await s.req(linkOf(waitingMail))).status).toBe(404);

    // Removing Mary revokes her links at once (before any scheduler pass).
    expect((await t.call('DELETE', `/api/trustees/${s.docs.id}`, undefined, cookie)).status).toBeLessThan(300);
    expect((await s.req(reportMary)).status).toBe(404);
    expect((await s.req(reportMary, 'POST', REPORTED)).status).toBe(404);
    await s.scheduler.runOnce();

    // Report again; cancel by the emailed link this time.
    expect((await s.req(reportGrace, 'POST', REPORTED)).status).toBe(200);
    await s.scheduler.runOnce();
    const second = smtp.to(s.ownerEmail).filter((e) => /waiting period has started/.test(e.subject));
    expect(second).toHaveLength(2);
    const stillHere = linkOf(second[1]!);
    expect(await (await s.req(stillHere)).text()).toContain("I'm still here");
    expect((await s.req(stillHere, 'POST')).status).toBe(200);
    expect((await s.req(stillHere, 'POST')).status).toBe(404);
    status = (await (await t.call('GET', '/api/release/status', undefined, cookie)).json()) as Record<string, unknown>;
    expect(status.state).toBe('active');

    // Third report, and this time nobody cancels.
    expect((await s.req(reportGrace, 'POST', REPORTED)).status).toBe(200);
    await s.scheduler.runOnce();
    t.advance(7 * DAY_MS - 60_000);
    await s.scheduler.runOnce();
    expect(smtp.to(s.addr('annabella'))).toHaveLength(0);
    t.advance(60_000);
    const pass = await s.scheduler.runOnce();
    expect(pass.transitions).toBe(1);
    await smtp.waitFor(s.ownerEmail, /has been released/);

    // The undated message is delivered now; the dated one waits for its date.
    // Greeted without names (recipients' names are sealed), under the owner's plain first name only.
    const delivery = await smtp.waitFor(s.addr('annabella'), /A message from Ada$/);
    expect(delivery.text).toMatch(/^Hello,/);
    for (const sealed of ['Annabella', 'Lovelace']) expect(`${delivery.subject}\n${delivery.text}`).not.toContain(sealed);
    expect(smtp.to(s.addr('byron'))).toHaveLength(0);
    const records = t.services.records;
    expect((await records.get(s.user.id, 'messages', s.now.id))!.delivered).toBe(true);
    expect((await records.get(s.user.id, 'messages', s.later.id))!.delivered).toBe(false);
    // …and the owner's devices learn it through sync.
    const pulled = (await (await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [] }, cookie)).json()) as {
      records: { id: string; values: Record<string, unknown> }[];
    };
    expect(pulled.records.find((r) => r.id === s.now.id)?.values.delivered).toBe(true);

    // The recipient reads the message, no account needed: the link opens the static page (web/release/),
    // which reads JSON (never HTML: the page sets it as text, so nothing in it is markup).
    const messageLink = linkOf(delivery);
    const messagePage = await s.req(messageLink);
    expect(messagePage.status).toBe(302);
    expect(messagePage.headers.get('location')).toBe(new URL(messageLink).pathname.replace('/api/delivery/', '/r/d/'));
    const messageData = await s.req(`${messageLink}/data`);
    expect(messageData.headers.get('content-type')).toMatch(/^application\/json/);
    const { ownerName, message } = (await messageData.json()) as DeliveryPageData;
    expect(ownerName).toBe('Ada') // the first name only: the last name is sealed;
    expect(message.messageContent).toContain('the stars were always yours. <b>Love</b>, Mum');

    // Access emails went to accepted, live trustees only.
    const graceAccess = linkOf(await smtp.waitFor(s.addr('grace'), /What Ada left for you/));
    const charlesAccess = linkOf(await smtp.waitFor(s.addr('charles'), /What Ada left for you/));
    expect(smtp.to(s.addr('mary')).filter((e) => /left for you/.test(e.subject))).toHaveLength(0);

    // Full: plan, documents, tasks (tickable), message list without bodies (the page's JSON, web/release/).
    const dataOf = async (link: string) => (await (await s.req(`${link}/data`)).json()) as TrusteePageData;
    const full = await dataOf(graceAccess);
    const fullText = JSON.stringify(full);
    for (const seen of ['Kensal Green', 'Play Bach.', 'Last will 2026', 'Call the bank', 'Annabella', 'Byron']) expect(fullText).toContain(seen);
    expect(fullText).not.toContain('the stars were always yours');
    expect(fullText).not.toContain('be brave');
    expect(full.messages!.filter((m) => m.canResend).map((m) => m.recipientName)).toEqual(full.messages!.filter((m) => m.delivered).map((m) => m.recipientName));
    const tick = await s.req(`${graceAccess}/tasks/${full.tasks![0]!.id}`, 'POST', { done: 'yes' });
    expect(tick.status).toBe(303);
    // Who and when, in the server's own table; the owner's status stays theirs (task-marks.ts).
    expect((await dataOf(graceAccess)).taskMarks).toEqual([expect.objectContaining({ taskId: full.tasks![0]!.id, mine: true })]);
    expect((await records.list(s.user.id, 'survivorTasks'))[0]!.completionStatus).toBe('not-started');

    // Messages-only: the list and delivery state, resend; no plan, no documents, no bodies.
    const limited = await dataOf(charlesAccess);
    const msgText = JSON.stringify(limited);
    expect(msgText).toContain('Annabella');
    expect(limited.messages!.some((m) => m.delivered && m.deliveredAt)).toBe(true);
    for (const hidden of ['Last will 2026', 'Kensal Green', 'Call the bank', 'the stars were always yours']) expect(msgText).not.toContain(hidden);
    // Messages-only may resend (full access too: task-marks.test.ts).
    const sent = limited.messages!.find((m) => m.canResend)!;
    expect((await s.req(`${charlesAccess}/resend/${sent.id}`, 'POST')).status).toBe(200);
    await s.scheduler.runOnce();
    const resent = smtp.to(s.addr('annabella'));
    expect(resent).toHaveLength(2);
    expect((await s.req(messageLink)).status).toBe(404); // the old link was replaced
    expect((await s.req(`${linkOf(resent[1]!)}/data`)).status).toBe(200);

    // The dated message goes out on its date; nothing is ever sent twice.
    t.advance(60 * DAY_MS);
    await s.scheduler.runOnce();
    await smtp.waitFor(s.addr('byron'), /A message from Ada$/);
    const count = smtp.received.length;
    await s.scheduler.runOnce();
    await s.scheduler.runOnce();
    expect(smtp.received.length).toBe(count);
    expect(smtp.to(s.ownerEmail).filter((e) => /has been released/.test(e.subject))).toHaveLength(1);

    // Access links expire (90 days).
    t.advance(31 * DAY_MS);
    expect((await s.req(graceAccess)).status).toBe(404);

    // The owner's activity log tells the story (read on the server: the session has expired by now).
    const kinds = (await t.services.release.store.activity(s.user.id)).map((a) => a.kind).reverse();
    expect(kinds.filter((k) => k === 'trustee-reported')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'cancelled')).toHaveLength(2);
    expect(kinds.filter((k) => k === 'released')).toHaveLength(1);
    expect(kinds).toContain('trustee-removed');
    expect(kinds).toContain('trustee-accepted');
  });

  it('a documents-only trustee sees documents only; a check-in lapse reminds the owner first', async () => {
    const s = await setup();
    await s.scheduler.runOnce();
    const report = await acceptInvite(s, 'mary');
    const put = await s.t.call('PUT', '/api/release/settings', { checkInDays: 30, waitingDays: 2 }, s.cookie);
    expect(await put.json()).toEqual({ checkInDays: 30, waitingDays: 2 });
    expect((await s.t.call('PUT', '/api/release/settings', { checkInDays: 45 }, s.cookie)).status).toBe(400);

    s.t.advance(30 * DAY_MS);
    await s.scheduler.runOnce();
    const reminder = await smtp.waitFor(s.ownerEmail, /reminder to check in/);
    expect(reminder.text).toContain('reminder 1 of 3');
    // Nothing is shared during reminders.
    expect((await s.req(report.replace('/report/', '/access/'))).status).toBe(404);
    s.t.advance(7 * DAY_MS);
    await s.scheduler.runOnce();
    // (Read on the server: signing in would be a check-in.)
    expect(await s.t.services.release.state(s.user.id)).toMatchObject({ phase: 'waiting', startedBy: { kind: 'check-in' } });
    s.t.advance(2 * DAY_MS);
    await s.scheduler.runOnce();

    const access = linkOf(await smtp.waitFor(s.addr('mary'), /left for you/));
    const body = await (await s.req(`${access}/data`)).text();
    expect(body).toContain('Last will 2026');
    for (const hidden of ['Kensal Green', 'Call the bank', 'Annabella', 'Byron']) expect(body).not.toContain(hidden);
    // Not a full trustee: cannot tick tasks.
    const taskId = (await s.t.services.records.list(s.user.id, 'survivorTasks'))[0]!.id;
    expect((await s.req(`${access}/tasks/${taskId}`, 'POST', { done: 'yes' })).status).toBe(404);
    // After release, settings are frozen.
    const login = await s.t.call('POST', '/api/auth/login', { username: s.body.username, password: s.body.password });
    expect((await s.t.call('PUT', '/api/release/settings', { waitingDays: 7 }, cookieOf(login))).status).toBe(409);
    expect((await s.t.services.release.state(s.user.id)).phase).toBe('released');
  });

  it('a report by a trustee who never accepted is impossible, and unknown tokens are 404', async () => {
    const s = await setup();
    await s.scheduler.runOnce();
    const invite = linkOf(await smtp.waitFor(s.addr('grace'), /asked you to be a trustee/));
    expect((await s.req(invite.replace('/invite/', '/report/'), 'POST')).status).toBe(404);
    expect((await s.req('http://afterword.test/api/delivery/not-a-token')).status).toBe(404);
    expect((await s.req(`http://afterword.test/api/trustee/access/${'A'.repeat(43)}`)).status).toBe(404);
  });

  it('survives a restart: a waiting period started before it is released once after it', async () => {
    const s = await setup();
    await s.scheduler.runOnce();
    const report = await acceptInvite(s, 'grace');
    expect((await s.req(report, 'POST', REPORTED)).status).toBe(200);
    await s.scheduler.runOnce();

    // A new process: new database handle, new services, new scheduler, same DATA_DIR.
    const file = join(s.t.deps.config.dataDir, 'afterword.db');
    const later = s.t.deps.now() + 8 * DAY_MS;
    const deps: AppDeps<Config> = { config: s.t.deps.config, db: openDatabase(file), now: () => later };
    const services = createServices(deps);
    createApp(deps, services);
    const restarted = services.scheduler;
    await restarted.runOnce();
    await restarted.runOnce();
    await smtp.waitFor(s.ownerEmail, /has been released/);
    expect(smtp.to(s.ownerEmail).filter((e) => /has been released/.test(e.subject))).toHaveLength(1);
    expect(smtp.to(s.addr('annabella'))).toHaveLength(1);
    deps.db.close();
  });
});

describe('without SMTP_URL', () => {
  it('writes each email as an .eml file in DATA_DIR/outbox', async () => {
    const t: TestApp = createTestApp();
    const { cookie } = await signUp(t);
    await t.call('POST', '/api/trustees', { name: 'Grace Hopper', email: 'grace@example.com', accessLevel: 'full' }, cookie);
    await t.services.scheduler.runOnce();
    const dir = join(t.deps.config.dataDir, 'outbox');
    const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: grace@example\.com$/m);
    expect(eml).toMatch(/^Subject: Ada has asked you to be a trustee$/m);
    expect(outboxFiles(t.deps.config.dataDir)[0]!.links[0]).toMatch(/^http:\/\/localhost:8787\/api\/trustee\/invite\//);
  });
});
