/**
 * The e-mail queue is bounded (issue 40, finding 4; SECURITY.md "Limits", the e-mail queue): an
 * account that re-addresses its trustees again and again leaves at most one queued invitation
 * per trustee (a new round drops the old one's unsent e-mail, before any quota is asked), and
 * finished e-mails are deleted EMAIL_RETENTION_DAYS after they finished. Real app over a real
 * SQLite file, a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../shared/limits';
import { ownerWithSmtp, runFor, type Owner } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';
import { EMAIL_RETENTION_DAYS } from './outbox';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** The account's rows in the queue: all of them, and those still to send. */
function rowsOf(o: Owner): { all: number; unsent: number } {
  const db = o.t.deps.db;
  const all = (db.prepare('SELECT COUNT(*) AS n FROM release_emails WHERE user_id = ?').get(o.userId) as { n: number }).n;
  const unsent = (
    db.prepare('SELECT COUNT(*) AS n FROM release_emails WHERE user_id = ? AND sent_at IS NULL AND failed_at IS NULL').get(o.userId) as { n: number }
  ).n;
  return { all, unsent };
}

describe('the e-mail queue stays bounded', () => {
  it('60 re-addressings of 5 trustees leave at most one queued invitation per trustee', { timeout: 120_000 }, async () => {
    const o = await ownerWithSmtp(smtp);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await o.addTrustee(`t${i}`)).id);
    await o.t.services.scheduler.runOnce();
    for (let round = 1; round <= 60; round++) {
      o.t.advance(60_000); // within the frame's writes a minute
      for (const [i, id] of ids.entries()) {
        const res = await o.t.call('PATCH', `/api/trustees/${id}`, { email: o.addr(`t${i}-r${round}`) }, o.cookie);
        expect(res.status).toBe(200);
      }
      await o.t.services.scheduler.runOnce();
    }
    const rows = rowsOf(o);
    // Before: 300 rows, 280 of them waiting for a quota that frees 20 a day (finding 4: 1,600 with 27 trustees).
    expect(rows.unsent).toBeLessThanOrEqual(ids.length);
    expect(rows.all).toBeLessThanOrEqual(ids.length + ACCOUNT_LIMITS.invitationsPerDay);
    // Each trustee still gets the invitation of their latest address once the quota allows.
    await runFor(o, 3, DAY_MS);
    for (let i = 0; i < ids.length; i++) expect(smtp.to(o.addr(`t${i}-r60`))).toHaveLength(1);
  });

  it(`finished e-mails are deleted ${EMAIL_RETENTION_DAYS} days after they finished, not before`, { timeout: 60_000 }, async () => {
    const o = await ownerWithSmtp(smtp);
    for (let i = 0; i < 3; i++) await o.addTrustee(`f${i}`);
    await o.t.services.scheduler.runOnce();
    for (let i = 0; i < 3; i++) expect(smtp.to(o.addr(`f${i}`))).toHaveLength(1);
    expect(rowsOf(o).all).toBe(3);
    await runFor(o, EMAIL_RETENTION_DAYS - 1, DAY_MS);
    expect(rowsOf(o).all).toBe(3);
    await runFor(o, 2, DAY_MS);
    expect(rowsOf(o)).toEqual({ all: 0, unsent: 0 });
    // Nothing is sent again for the deleted rows.
    for (let i = 0; i < 3; i++) expect(smtp.to(o.addr(`f${i}`))).toHaveLength(1);
  });
});
