/**
 * Reporting a death is deliberate (report-form.ts): the report link's page explains and offers
 * two different actions; the report is a confirmed second step with an optional date of death
 * and note that the owner reads while waiting. Over HTTP on the real app and a real SMTP server.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseStatus } from '../../shared/schema/release';
import { createTestApp } from '../test/test-support';
import { parseReportForm, REPORT_NOTE_MAX } from './report-form';
import { acceptInvitation, ownerOn, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

const NOW = Date.parse('2026-11-27T10:00:00Z');

describe('the report form', () => {
  it('needs the box ticked; takes a real, past date and a short note', () => {
    expect(parseReportForm({}, NOW)).toEqual({ ok: false, errors: { confirmed: 'Please tick the box to confirm.' } });
    expect(parseReportForm({ confirmed: 'yes' }, NOW)).toEqual({ ok: true, diedOn: null, note: null });
    expect(parseReportForm({ confirmed: 'yes', diedOn: '2026-11-26', note: '  She went peacefully.\n\u0007 ' }, NOW)).toEqual({ ok: true, diedOn: '2026-11-26', note: 'She went peacefully.' });
    expect(parseReportForm({ confirmed: 'yes', diedOn: '2026-02-30' }, NOW)).toMatchObject({ ok: false, errors: { diedOn: 'Please enter a real date, or leave it empty.' } });
    expect(parseReportForm({ confirmed: 'yes', diedOn: '2026-12-25' }, NOW)).toMatchObject({ ok: false, errors: { diedOn: 'The date of death cannot be in the future.' } });
    expect(parseReportForm({ confirmed: 'yes', note: 'x'.repeat(REPORT_NOTE_MAX + 1) }, NOW)).toMatchObject({ ok: false, errors: { note: `Please keep the note under ${REPORT_NOTE_MAX} characters.` } });
  });
});

describe('reporting a death over the trustee link', () => {
  it('one tap starts nothing; the confirmed report starts the waiting period with the date and note the owner then reads', async () => {
    const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' }), 'Margaret');
    await o.addTrustee('grace');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');

    const intro = await (await o.open(report)).text();
    expect(intro).toContain(`<a href="${new URL(report).pathname}?step=confirm">Report Margaret's passing</a>`);
    expect(intro).toMatch(/<button type="submit" class="secondary">I'm still Margaret's trustee<\/button>/);
    const confirm = await (await o.open(`${report}?step=confirm`)).text();
    for (const field of ['name="diedOn"', 'name="note"', 'name="confirmed"', "Yes, report Margaret's passing"]) expect(confirm).toContain(field);

    // The old one-tap form (no confirmation) and a bad date start nothing and say why.
    const oneTap = await o.open(report, 'POST', {});
    expect(oneTap.status).toBe(400);
    expect(await oneTap.text()).toContain('Please tick the box to confirm.');
    const future = await o.open(report, 'POST', { ...REPORTED, diedOn: '2999-01-01', note: 'Kept <b>safe</b>' });
    expect(future.status).toBe(400);
    const futureText = await future.text();
    expect(futureText).toContain('The date of death cannot be in the future.');
    expect(futureText).toContain('Kept &lt;b&gt;safe&lt;/b&gt;</textarea>'); // what was typed stays, escaped
    expect((await o.get<ReleaseStatus>('/api/release/status')).state).toBe('active');

    const today = new Date(o.t.deps.now()).toISOString().slice(0, 10);
    const reported = await o.open(report, 'POST', { ...REPORTED, diedOn: today, note: 'She went peacefully, with her family.' });
    expect(reported.status).toBe(200);
    // The end of the waiting period in en-US long format with its zone named (SPEC.md §9), marked
    // for the page's one script, allowed by its hash, to show in the reader's own zone (finding 6).
    const page = await reported.text();
    const ends = /it ends on <time datetime="([^"]+)" data-local>([A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC)<\/time>\./.exec(page);
    expect(ends).not.toBeNull();
    // What follows, kits included: never "her plans are available to you" (a sealed account's trustees open them only with kits).
    expect(page).not.toContain('plans are available to you');
    expect(page).toContain("We will email you when the waiting period ends: with what Margaret left for you, or, if Margaret gave their trustees trustee kits, to ask you to confirm with yours.");
    const waiting = await (await o.open(report)).text();
    expect(waiting).not.toContain('you will receive an email with what they left for you');
    expect(waiting).toContain('if Margaret gave their trustees trustee kits, to ask you to confirm with yours');
    const status = await o.get<ReleaseStatus>('/api/release/status');
    expect(ends![1]).toBe(status.endsAt);
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(reported.headers.get('content-security-policy')).toContain(`script-src 'sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}';`);
    expect(status.state).toBe('waiting');
    expect(status.startedBy).toEqual({ kind: 'trustee', name: o.addr('grace'), diedOn: today, note: 'She went peacefully, with her family.' });
    const activity = await o.get<{ text: string }[]>('/api/release/activity');
    expect(activity.map((a) => a.text).join('\n')).toMatch(new RegExp(`${o.addr('grace')} reported your passing, giving the date of death as .*, with a note\\.`));
  });
});
