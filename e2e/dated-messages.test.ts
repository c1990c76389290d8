/**
 * Dated messages, as the owner and the family meet them at 390 px (DESIGN.md §8; the rule in
 * shared/delivery-rule.ts): a dated message is delivered on its date if the release has happened
 * by then, and at the release if its date has already passed. The owner picks the dates in the
 * message form (a year ahead through the calendar's year select) and the form says what will
 * happen; the server's test-only clock (AFTERWORD_TEST_CLOCK=1, sync-server/release/test-clock.ts)
 * moves past one date before the release and past another after it. The trustee's page and the
 * owner's Message Vault show each message's real state: waiting for its date, sent on …, opened.
 * The owner's browser is in Paris and the server in UTC: a date is the day the owner chose.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { reportPassingInBrowser } from './report-passing';
import { expectNoSeriousA11yViolations, hasChromium, loginViaUi, MOBILE, mobileContext, poll, useMailSuite } from './harness';
import { choose, openDialog, openSignedIn, signedInPage } from './record-screens';
import type { Browser } from 'playwright-core';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight (here, UTC) `days` after today, used as a calendar day: the owner picks that day in their own calendar. */
const dayAhead = (days: number) => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() + days);
  return d;
};
const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const usLong = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
/** The trustee page's dates: en-US long (SPEC.md §9) in the reader's zone, the test browser's UTC (web/release/dom.ts). */
const usLongUtc = (ms: number) => new Date(ms).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

describe.skipIf(!hasChromium)('dated messages keep their date (DESIGN.md §8)', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '500' }, { serviceWorkers: 'block' });

  const tag = Date.now().toString(36);
  const trusteeEmail = `margaret.${tag}@example.com`;
  const to = (name: string) => `${name.toLowerCase()}.${tag}@example.com`;

  /** Moves the server's clock forward and runs one release pass; answers the server's new time. */
  async function advance(ms: number): Promise<number> {
    const res = await fetch(`${suite.server.url}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
    expect(res.status).toBe(200);
    return Date.parse(((await res.json()) as { now: string }).now);
  }

  /** Opens the picker of the open dialog's delivery date and picks `date` through the month and year selects. */
  async function pickDate(page: Page, date: Date) {
    const dialog = openDialog(page);
    await dialog.getByLabel('Delivery Date (optional)').click();
    await page.getByRole('combobox', { name: 'Choose the Year' }).selectOption(String(date.getFullYear()));
    await page.getByRole('combobox', { name: 'Choose the Month' }).selectOption(String(date.getMonth()));
    await page.locator(`td[data-day="${isoDay(date)}"] button`).click();
  }

  async function writeMessage(page: Page, name: string, text: string, date: Date | null) {
    await page.getByRole('button', { name: /New Message|Create Your First Message/ }).first().click();
    const dialog = openDialog(page);
    await dialog.getByLabel('Recipient Name').fill(name);
    await dialog.getByLabel('Recipient Email').fill(to(name));
    await dialog.getByLabel('Your Message').fill(text);
    if (date) {
      await pickDate(page, date);
      // The form says what will happen with the date chosen.
      await poll(() => dialog.textContent()).toContain(
        `It will be sent on ${usLong(date)} if your plan has been released by then, or at the release if that comes later.`,
      );
    }
    await dialog.getByRole('button', { name: 'Save Message' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it('a letter is sent at the release when its date has passed, another on its date after the release', async () => {
    // The owner lives in Paris (an hour ahead of the server's UTC): their 25 December is 25 December everywhere.
    const paris = (b: Browser, baseURL: string) => b.newContext({ baseURL, viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, timezoneId: 'Europe/Paris' });
    const { page, user } = await signedInPage(suite.browser, suite.server.url, '/trustees', paris);
    await page.getByRole('button', { name: 'Add Your First Trustee' }).click();
    const dialog = openDialog(page);
    await dialog.getByLabel('Name').fill('Margaret Hale');
    await dialog.getByLabel('Email').fill(trusteeEmail);
    await choose(page, 'Access Level', 'Full Access');
    await dialog.getByRole('button', { name: 'Add Trustee' }).click();
    await dialog.waitFor({ state: 'detached' });

    const early = dayAhead(3);
    const later = dayAhead(20);
    const nextYear = dayAhead(400);
    await openSignedIn(page, '/message-vault');
    await page.getByRole('button', { name: 'Create Your First Message' }).waitFor();
    // Without a date, the form says the message goes at the release.
    await page.getByRole('button', { name: 'Create Your First Message' }).click();
    expect(await openDialog(page).textContent()).toContain('It will be sent when your plan is released.');
    // The calendar with its month and year selects passes axe at 390 px.
    await openDialog(page).getByLabel('Delivery Date (optional)').click();
    await page.getByRole('combobox', { name: 'Choose the Year' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'the delivery date calendar at 390 px');
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Choose the Year' }).waitFor({ state: 'detached' });
    await openDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await openDialog(page).waitFor({ state: 'detached' });
    await writeMessage(page, 'Clara', 'Dear Clara, for your birthday.', early);
    await writeMessage(page, 'Tom', 'Dear Tom, for your wedding day.', later);
    await writeMessage(page, 'Ruth', 'Dear Ruth, for next year.', nextYear);
    // Before the release each card gives its date with the rule.
    await page.locator('main').getByText(`${usLong(later)}, or at release if later`).waitFor();
    await expectNoSeriousA11yViolations(page, '/message-vault at 390 px with dated messages');

    // The trustee accepts.
    const invitation = await suite.smtp.waitFor(trusteeEmail, /has asked you to be a trustee/);
    const trustee = await (await mobileContext(suite.browser)).newPage();
    await trustee.goto(invitation.links[0]!);
    await trustee.getByRole('button', { name: 'Accept' }).click();
    await trustee.getByRole('heading', { level: 1, name: 'Thank you' }).waitFor();
    const reportLink = (await suite.smtp.waitFor(trusteeEmail, /Thank you for being/)).links[0]!;
    await page.goto('/settings');
    await page.getByText('Accepted', { exact: true }).waitFor();
    await choose(page, 'Waiting period', '2 days');
    await page.getByText('Release settings saved').first().waitFor();
    await page.context().close();

    // Clara's date passes while the owner lives: nothing is sent.
    await advance(4 * DAY_MS);
    expect(suite.smtp.to(to('Clara'))).toHaveLength(0);

    // The release: Clara's letter goes at once (its date has passed); Tom's and Ruth's wait.
    await reportPassingInBrowser(trustee, reportLink, user.firstName);
    const releasedAt = await advance(2 * DAY_MS + 60_000);
    const clara = await suite.smtp.waitFor(to('Clara'), /A message from/);
    const access = await suite.smtp.waitFor(trusteeEmail, /left for you/);
    expect(suite.smtp.to(to('Tom'))).toHaveLength(0);
    expect(suite.smtp.to(to('Ruth'))).toHaveLength(0);

    // The owner's account is sealed and no trustee holds a kit: the page opens no name (SECURITY.md
    // "The escrow until k kits") and lists each letter by its address, with its real state.
    const stateOf = async (name: string) => (await trustee.locator('li', { hasText: `For ${to(name)}:` }).textContent()) ?? '';
    await trustee.goto(access.links[0]!);
    expect(await stateOf('Clara')).toContain(`sent on ${usLongUtc(releasedAt)}`);
    expect(await stateOf('Tom')).toContain(`waiting for its date, ${usLongUtc(later.getTime())}`);
    expect(await stateOf('Ruth')).toContain(`waiting for its date, ${usLongUtc(nextYear.getTime())}`);
    expect(await trustee.content()).toContain('A message with a date is sent on that date');
    await expectNoSeriousA11yViolations(trustee, 'the trustee page with dated messages');

    // Clara opens her letter; the trustee's page says so.
    const recipient = await (await mobileContext(suite.browser)).newPage();
    await recipient.goto(clara.links[0]!);
    await recipient.getByText('Dear Clara, for your birthday.').waitFor();
    await trustee.reload();
    expect(await stateOf('Clara')).toContain(`opened on ${usLongUtc(releasedAt)}`);

    // The day before Tom's date nothing goes; on the day, his letter does.
    const dayBefore = later.getTime() - DAY_MS - releasedAt;
    await advance(dayBefore + 60_000);
    expect(suite.smtp.to(to('Tom'))).toHaveLength(0);
    const onTheDay = await advance(DAY_MS);
    await suite.smtp.waitFor(to('Tom'), /A message from/);
    expect(usLongUtc(onTheDay)).toBe(usLongUtc(later.getTime()));
    await trustee.reload();
    await poll(() => stateOf('Tom')).toContain(`sent on ${usLongUtc(later.getTime())}`);
    expect(await stateOf('Ruth')).toContain('waiting for its date');
    expect(suite.smtp.to(to('Ruth'))).toHaveLength(0);

    // The owner's Message Vault (a device opened later): SPEC.md's tabs, each card's real state.
    const owner = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    await loginViaUi(owner, user);
    await owner.waitForURL('**/dashboard');
    await openSignedIn(owner, '/message-vault');
    const card = (name: string) => owner.locator('main').getByRole('heading', { name, exact: true }).locator('xpath=ancestor::*[contains(@class, "flex-col")][1]');
    await owner.getByRole('tab', { name: 'Delivered' }).click();
    await poll(async () => (await card('Clara').textContent()) ?? '').toContain(
      `Sent on ${usLong(new Date(releasedAt))}, opened on ${usLong(new Date(releasedAt))}`,
    );
    expect(await card('Tom').textContent()).toContain(`Sent on ${usLong(later)}`);
    expect(await owner.getByRole('heading', { name: 'Ruth', exact: true }).count()).toBe(0);
    await owner.getByRole('tab', { name: 'Scheduled' }).click();
    await card('Ruth').waitFor();
    expect(await card('Ruth').textContent()).toContain(`Waiting for its date, ${usLong(nextYear)}`);
    expect(await card('Ruth').textContent()).toContain('Pending');
    expect(await owner.getByRole('heading', { name: 'Clara', exact: true }).count()).toBe(0);
    await expectNoSeriousA11yViolations(owner, '/message-vault at 390 px after the release');
  });
});
