/**
 * "Confirm your e-mail address" e-mails are capped per TARGET address per day, across accounts
 * (issue 40 low finding; release/owner-email.ts; SECURITY.md "Limits"): six fresh accounts that name
 * one stranger as their address cannot mail them thirty times. The real app over HTTP, on a real
 * SQLite file and on a throwaway PostgreSQL (the count reads the store's queue on each engine).
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../shared/limits';
import { createPgTestApp, usePgDatabase } from '../test/pg-test-support';
import { createTestApp, signUp, type TestApp } from '../test/test-support';
import { VERIFICATIONS_PER_ADDRESS_PER_DAY } from './owner-email';
import { DAY_MS } from './state-machine';

/** Six accounts naming `stranger` press "Send verification e-mail" five times each; returns the statuses. */
async function thirtyTo(t: TestApp, stranger: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let a = 0; a < 6; a++) {
    const { cookie } = await signUp(t, { email: stranger });
    for (let i = 0; i < ACCOUNT_LIMITS.verificationEmailsPerDay; i++) statuses.push((await t.call('POST', '/api/release/owner-email/verify', {}, cookie)).status);
  }
  return statuses;
}

/** The cap holds for a day, across accounts; the stranger's address in another case is the same address; a day later it opens again. */
async function capHolds(t: TestApp): Promise<void> {
  const stranger = `stranger-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const statuses = await thirtyTo(t, stranger);
  expect(statuses.filter((s) => s === 200)).toHaveLength(VERIFICATIONS_PER_ADDRESS_PER_DAY);
  expect(statuses.filter((s) => s === 429)).toHaveLength(30 - VERIFICATIONS_PER_ADDRESS_PER_DAY);
  const { cookie } = await signUp(t, { email: stranger.toUpperCase() });
  const refused = await t.call('POST', '/api/release/owner-email/verify', {}, cookie);
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ error: expect.stringContaining('this address') });
  // Another address is not touched by the stranger's cap.
  const other = await signUp(t, { email: `other-${stranger}` });
  expect((await t.call('POST', '/api/release/owner-email/verify', {}, other.cookie)).status).toBe(200);
  t.advance(DAY_MS + 1);
  expect((await t.call('POST', '/api/release/owner-email/verify', {}, cookie)).status).toBe(200);
}

describe('confirmation e-mails per target address per day (issue 40)', () => {
  it('SQLite: 30 to one stranger from 6 fresh accounts are refused past the cap', async () => {
    await capHolds(createTestApp());
  });

  describe('PostgreSQL', () => {
    const pgdb = usePgDatabase();
    it('30 to one stranger from 6 fresh accounts are refused past the cap', { timeout: 60_000 }, async () => {
      const t = await createPgTestApp(pgdb.url);
      try {
        await capHolds(t);
      } finally {
        await t.pool.end();
      }
    });
  });
});
