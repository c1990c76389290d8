/**
 * The trustee's page guides (DESIGN.md §8; web/release/tasks-view.ts), on the built app and the
 * real server after a real release, on a phone (390 px) whose clock is in Auckland:
 * - the owner's tasks (the default guide and one of their own) are grouped by when and collapsed
 *   to their titles: the list stays short; a task opens to its guidance and what the owner wrote;
 * - a trustee marks a task done at its title: no page load, a status message, "Done by you on
 *   <date and time>" in the phone's own time zone; Undo; after a reload "Mark not done"; another
 *   trustee's page says who did it;
 * - the health information the owner saved is on the page and in the family binder it downloads
 *   (issue "Promises kept", finding 8);
 * - where the original of each document is kept, on the full-access and the documents-only
 *   trustee's page (issue 38, item 6), and each message's real state and kind in the binder made
 *   after the release, as the page says it (item 7);
 * - a full-access trustee resends a recipient's link; axe finds nothing serious.
 */
import type { Page } from 'playwright-core';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { TrusteePageData } from '../shared/release/pages';
import { signUpAda } from './release-owner';
import { releaseThroughTrustee } from './report-passing';
import { downloadedBytes, expectNoSeriousA11yViolations, hasChromium, useMailSuite } from './harness';

const ZONE = 'Pacific/Auckland';

describe.skipIf(!hasChromium)("the trustee's page guides", () => {
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' });

  const local = (link: string) => `${suite.server.url}${new URL(link).pathname}`;
  /** A phone (390×844) in Auckland. */
  const phone = async () => (await suite.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, timezoneId: ZONE })).newPage();
  const dataOf = async (access: string) => (await (await fetch(`${access.replace('/r/t/', '/api/trustee/access/')}/data`)).json()) as TrusteePageData;

  it('tasks grouped and collapsed; done, who and when in local time, undo, not done; resend; axe at 390 px', async () => {
    const tag = Date.now().toString(36);
    const call = await signUpAda(suite.server.url, tag);
    const health = `Allergic to penicillin ${tag}. Pacemaker fitted in 2019.`;
    expect((await call('PATCH', '/api/user/profile', { contactEmail: `ada.${tag}@example.com`, healthInfo: health, profileCompletion: 25 })).status).toBe(200);
    expect((await call('POST', '/api/survivor-tasks/generate-defaults')).status).toBeLessThan(300);
    const own = `Call the bank ${tag}`;
    expect((await call('POST', '/api/survivor-tasks', { title: own, description: 'Ask them to freeze the joint account.', category: 'financial', timeframe: '72h', automationLevel: 'manual-with-guidance', priority: 1, resources: ['The bank card'], automationSteps: ['Phone the number on the card.'], notifyTrustees: false, completionStatus: 'not-started' })).status).toBe(201);
    const recipient = `clara.${tag}@example.com`;
    expect((await call('POST', '/api/messages', { recipientName: 'Clara', recipientEmail: recipient, messageType: 'text', messageContent: 'Be brave.', deliveryDate: null })).status).toBe(201);
    const original = `Original with Hale & Co solicitors, 12 High Street (${tag})`;
    expect((await call('POST', '/api/documents', { documentType: 'will', documentName: 'Last will', documentUrl: 'https://vault.example.com/will', originalLocation: original })).status).toBe(201);
    const grace = `grace.${tag}@example.com`;
    const hope = `hope.${tag}@example.com`;
    expect((await call('POST', '/api/trustees', { name: 'Grace Hopper', email: grace, accessLevel: 'full' })).status).toBe(201);
    expect((await call('POST', '/api/trustees', { name: 'Hope Lovelace', email: hope, accessLevel: 'full' })).status).toBe(201);
    const solicitor = `hale.${tag}@example.com`;
    expect((await call('POST', '/api/trustees', { name: 'Hale & Co', email: solicitor, accessLevel: 'documents-only' })).status).toBe(201);

    await releaseThroughTrustee(suite, grace);
    const access = local((await suite.smtp.waitFor(grace, /What Ada left for you/)).links[0]!);
    const hopeAccess = local((await suite.smtp.waitFor(hope, /What Ada left for you/)).links[0]!);
    const solicitorAccess = local((await suite.smtp.waitFor(solicitor, /What Ada left for you/)).links[0]!);
    await suite.smtp.waitFor(recipient, /A message from Ada$/);

    const page: Page = await phone();
    await page.goto(access);
    await page.getByRole('heading', { level: 1, name: 'What Ada left for you' }).waitFor();
    // The health information the owner saved: its own section, and in the binder made here.
    await page.getByRole('region', { name: 'Health information' }).getByText(health).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the family binder (PDF)' }).click()]);
    const printed = ((await extractText(await downloadedBytes(download), { mergePages: true })).text as string).replace(/\s+/g, ' ');
    expect(printed).toContain(`Health information ${health}`);
    // Where the original is kept, on the page beside the document (as in the binder).
    await page.getByRole('region', { name: 'Documents' }).locator('li', { hasText: 'Last will' }).filter({ hasText: `Where the original is kept: ${original}` }).waitFor();
    // The binder made after the release: Clara's letter was sent, and is a written one, as the page says.
    const sentLine = (await page.getByRole('region', { name: 'Messages' }).locator('li', { hasText: 'For Clara' }).textContent())!;
    expect(sentLine).toMatch(/: sent on /);
    expect(printed).toContain(`Clara (${recipient}) Written message · Sent on ${sentLine.split(': sent on ')[1]!.split(/Resend|,/)[0]!.trim()}`);
    expect(printed).not.toContain('Pending');
    const tasks = page.locator('li.task');
    await tasks.first().waitFor(); // the tasks' section loads just after the page (web/release/trustee.ts)
    const count = await tasks.count();
    expect(count).toBeGreaterThan(15); // the default guide and the owner's own

    // Grouped by when, in the owner's screen's words, each group a heading over its list.
    const groups = await page.locator('section[aria-labelledby="tasks"] h3').allTextContents();
    expect(groups[0]).toMatch(/^Within 24 hours \d+ tasks?$/);
    expect(groups.map((g) => g.replace(/ \d+ tasks?$/, ''))).toEqual(expect.arrayContaining(['Within 24 hours', 'Within 3 days', 'Within 1 week']));
    await page.getByRole('list', { name: 'Within 3 days: tasks' }).getByText(own).waitFor();
    // Collapsed to their titles: nothing open, and the list is a short read on a phone.
    expect(await page.locator('li.task details[open]').count()).toBe(0);
    const height = await page.locator('section[aria-labelledby="tasks"]').evaluate((s) => s.getBoundingClientRect().height);
    expect(height / count).toBeLessThan(90);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A task opens to its guidance and what the owner wrote.
    const item = tasks.filter({ hasText: own });
    await item.locator('summary').click();
    await item.getByText('Ada wrote:').waitFor();
    await item.getByText('Ask them to freeze the joint account.').waitFor();
    await item.getByText('Phone the number on the card.').waitFor();
    await expectNoSeriousA11yViolations(page, "the trustee's page at 390 px, a task open");

    // Done at the title: in place (no page load), said, who and when in Auckland's time.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole('button', { name: `Mark “${own}” done`, exact: true }).click();
    await page.getByRole('status').filter({ hasText: `“${own}” is marked done.` }).waitFor();
    const marked = (await dataOf(access)).taskMarks!;
    expect(marked).toHaveLength(1);
    const inZone = (timeZone: string) => new Date(marked[0]!.at).toLocaleString('en-US', { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone });
    const when = inZone(ZONE); // en-US long, the zone named (SPEC.md §9)
    await item.getByText(`Done by you on ${when}`).waitFor();
    expect(when).not.toBe(inZone('UTC'));
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(await item.locator('details').evaluate((d: HTMLDetailsElement) => d.open)).toBe(true); // still open
    await expectNoSeriousA11yViolations(page, "the trustee's page at 390 px, a task done");

    // Undo.
    await item.getByRole('button', { name: `Undo marking “${own}” done`, exact: true }).click();
    await page.getByRole('status').filter({ hasText: `“${own}” is marked not done.` }).waitFor();
    await page.getByRole('button', { name: `Mark “${own}” done` }).waitFor();
    expect(await item.getByText(/^Done by/).count()).toBe(0);
    expect((await dataOf(access)).taskMarks).toEqual([]);

    // Done again; later (a reload) it says so and can be marked not done; another trustee sees who.
    await page.getByRole('button', { name: `Mark “${own}” done`, exact: true }).click();
    await page.getByRole('status').filter({ hasText: `“${own}” is marked done.` }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: `Mark “${own}” not done`, exact: true }).waitFor();
    await item.getByText(/^Done by you on /).waitFor();
    expect(await item.getByRole('button', { name: /^Undo/ }).count()).toBe(0);
    const other = await phone();
    await other.goto(hopeAccess);
    await other.locator('li.task').filter({ hasText: own }).getByText(/^Done by Grace Hopper on /).waitFor();
    await other.getByText(/^\d+ of \d+ done/).filter({ hasText: /^1 of / }).waitFor();
    await page.getByRole('button', { name: `Mark “${own}” not done`, exact: true }).click();
    await page.getByRole('status').filter({ hasText: `“${own}” is marked not done.` }).waitFor();
    expect((await dataOf(access)).taskMarks).toEqual([]);

    // The documents-only trustee (a solicitor) sees where the original is kept too, at 390 px.
    const sol = await phone();
    await sol.goto(solicitorAccess);
    await sol.getByRole('heading', { level: 1, name: 'What Ada left for you' }).waitFor();
    await sol.getByRole('region', { name: 'Documents' }).locator('li', { hasText: 'Last will' }).filter({ hasText: `Where the original is kept: ${original}` }).waitFor();
    expect(await sol.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoSeriousA11yViolations(sol, "the documents-only trustee's page at 390 px");

    // A full-access trustee resends Clara's link.
    await page.getByRole('button', { name: 'Resend link to Clara' }).click();
    await page.getByRole('heading', { level: 1, name: 'A new link is on its way' }).waitFor();
  });
});
