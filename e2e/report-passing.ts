/**
 * A trustee reports a death the way the server's pages ask (sync-server/release/report-form.ts):
 * from the report link's page, through the confirmation step. In a browser, or as a bare form post.
 */
import type { Page } from 'playwright-core';

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
