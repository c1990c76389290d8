/**
 * A trustee reports a death the way the server's pages ask (sync-server/release/report-form.ts):
 * from the report link's page, through the confirmation step. In a browser, or as a bare form post;
 * and a whole release through one trustee's report (releaseThroughTrustee).
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TestSmtp } from '../sync-server/test/smtp-test-server';

const DAY_MS = 24 * 60 * 60 * 1000;

/** In `page`: opens `link`, follows "Report <first>'s passing", fills what is given, ticks the box and confirms. */
export async function reportPassingInBrowser(page: Page, link: string, first: string, given: { diedOn?: string; note?: string } = {}): Promise<void> {
  await page.goto(link);
  await page.getByRole('link', { name: `Report ${first}'s passing` }).click();
  await page.getByRole('heading', { level: 1, name: `Report ${first}'s passing` }).waitFor();
  if (given.diedOn) await page.getByLabel('Date of death (optional)').fill(given.diedOn);
  if (given.note) await page.getByLabel(`A note for ${first} (optional)`).fill(given.note);
  await page.getByLabel(`I confirm that ${first} has died.`).check();
  await page.getByRole('button', { name: `Yes, report ${first}'s passing` }).click();
  await page.getByRole('heading', { level: 1, name: 'Thank you for letting us know' }).waitFor();
}

/** The confirmed report as a bare form post to `link` (its answer). */
export const reportPassing = (link: string): Promise<Response> =>
  fetch(link, { method: 'POST', body: 'confirmed=yes', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });

/**
 * A real release on the server of `suite` (its mail suite: e2e/harness.ts useMailSuite, with the
 * test-only clock): the English trustee at `trustee` accepts the invitation the owner's trustee list
 * sent, reports the death from their thank-you e-mail, and the clock passes the waiting period
 * (8 days). Resolves once the clock has moved; the release e-mails follow.
 */
export async function releaseThroughTrustee(suite: { server: { url: string }; smtp: Pick<TestSmtp, 'waitFor'> }, trustee: string): Promise<void> {
  const local = (link: string) => `${suite.server.url}${new URL(link).pathname}`;
  const invite = await suite.smtp.waitFor(trustee, /asked you to be a trustee/);
  expect((await fetch(local(invite.links[0]!), { method: 'POST' })).status).toBe(200);
  const welcome = await suite.smtp.waitFor(trustee, /Thank you for being/);
  expect((await reportPassing(local(welcome.links[0]!))).status).toBe(200);
  const clock = await fetch(`${suite.server.url}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: 8 * DAY_MS }) });
  expect(clock.status).toBe(200);
}
