/**
 * Issue 43 "share now" in Chromium at 390 px (and the dialog and page on a desktop, for axe): the
 * owner shares a document from its card; a fresh browser context with no account opens the link
 * and reads it; the owner edits the document in the app's own Edit dialog and the viewer's page,
 * loaded again, shows the edit (ShareRefresher sealed the new copy); the owner stops sharing at
 * once; the link then opens nothing and says so. The server never receives the link's key: every
 * request the viewer's page makes is recorded.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, hasChromium, poll, SCREEN_SIZES, useBrowserSuite } from './harness';
import { docShot } from './doc-shots';
import { allChangesSaved as synced, choose, confirmDialog, expectToast, fillInDialog, openDialog, signedInPage } from './record-screens';

/**
 * Resolves once `page` has fetched nothing for `ms` (its Resource Timing: the last response's end),
 * the event after which the app registers its service worker (web/pwa/network-quiet.ts waits 2 s).
 */
const quietFor = (page: Page, ms: number) =>
  poll(() => page.evaluate(() => performance.now() - Math.max(0, ...performance.getEntriesByType('resource').map((e) => (e as PerformanceResourceTiming).responseEnd)))).toBeGreaterThan(ms);

describe.skipIf(!hasChromium)('share now (issue 43)', () => {
  // The owner's contexts have no service worker (issue 41, CI time: its install, the app's precache,
  // is Chromium's work of seconds a context; nothing here goes offline); the viewer's keeps the
  // browser's default, so that none registering there is still what the page decides.
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });

  for (const [size, makeContext] of SCREEN_SIZES) {
    it(`a document shared now opens in a fresh browser with no account, shows a later edit made in the Edit dialog, and opens nothing after stop, at ${size}`, async () => {
      const { context, page } = await signedInPage(suite.browser, suite.server.url, '/documents/upload', makeContext);
      const upload = openDialog(page);
      await choose(page, 'Document Type', 'Will & Testament');
      await upload.getByLabel('Document Name').fill('Last Will, signed 2024');
      await upload.getByText('Link to it').click();
      await upload.getByLabel('Document URL').fill('https://files.example.com/will.pdf');
      await upload.getByLabel('Where the original is kept (optional)').fill('Top drawer of the oak desk');
      await upload.getByRole('button', { name: 'Save Link' }).click();
      await upload.waitFor({ state: 'detached' });
      await synced(page);
      await page.getByRole('button', { name: 'Dismiss notification' }).click(); // "Document uploaded", not over the share dialog

      const card = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: 'Last Will, signed 2024' });
      await card.getByRole('button', { name: 'Share now: Last Will, signed 2024' }).click();
      const dialog = openDialog(page);
      await dialog.getByText('Nobody yet.').waitFor();
      await fillInDialog(dialog, 'Their name', 'Maria');
      await dialog.getByRole('button', { name: 'Share now', exact: true }).click();
      await dialog.getByText('Send this link to Maria yourself. Afterword cannot see it, so it cannot send it for you.').waitFor();
      // The list of who can see it follows the server's answer, a moment after the link shows.
      await dialog.getByText('Maria can read this now, and sees your changes.').first().waitFor();
      const link = await dialog.getByLabel('Link for Maria').inputValue();
      expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$/);
      const mailto = await dialog.getByRole('link', { name: 'E-mail it from your mail app' }).getAttribute('href');
      expect(decodeURIComponent(mailto!)).toContain(link);
      await expectNoSeriousA11yViolations(page, `share dialog at ${size}`);
      const shot = (p: Page, name: string) => docShot(p, name, size === '390 px');
      await shot(page, 'share-now-dialog.png');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

      // A fresh browser, no account: the link opens the document read-only.
      const viewerContext = await makeContext(suite.browser, suite.server.url, { serviceWorkers: 'allow' });
      const viewer = await viewerContext.newPage();
      const requests: string[] = [];
      viewer.on('request', (r) => requests.push(`${r.url()} ${r.postData() ?? ''}`));
      await viewer.goto(link);
      await viewer.getByRole('heading', { name: 'Last Will, signed 2024' }).waitFor();
      expect(await viewer.getByText('Original kept: Top drawer of the oak desk').isVisible()).toBe(true);
      expect(await viewer.getByText(/Shared with Maria\. This is read-only and always the latest version/).isVisible()).toBe(true);
      await expectNoSeriousA11yViolations(viewer, `shared document at ${size}`);
      await shot(viewer, 'shared-document.png');
      expect(await viewer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewer.viewportSize()!.width);
      const key = link.split('#')[1]!;
      expect(requests.filter((r) => r.includes(key))).toEqual([]); // the fragment never left the browser
      // A person who opens a shared link is not given the owner's offline app (issue 41): once the
      // page's network is quiet, when the app registers its service worker elsewhere
      // (web/pwa/network-quiet.ts), none is registered here, so their phone never downloads its precache.
      await quietFor(viewer, 3_000);
      expect(await viewer.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
      expect(viewerContext.serviceWorkers()).toEqual([]);

      // A later edit, made in the Edit dialog, reaches the viewer: only what changed is written.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      await card.getByRole('button', { name: 'Edit document Last Will, signed 2024' }).click();
      const edit = openDialog(page);
      await edit.getByRole('heading', { name: 'Edit Document' }).waitFor();
      expect(await edit.getByLabel('Document URL').inputValue()).toBe('https://files.example.com/will.pdf');
      await expectNoSeriousA11yViolations(page, `edit document dialog at ${size}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
      await edit.getByLabel('Document Name').fill('Last Will, with the 2025 codicil');
      await edit.getByLabel('Where the original is kept (optional)').fill('With Hale & Co, solicitors');
      await edit.getByRole('button', { name: 'Update Document' }).click();
      await expectToast(page, 'Document updated', 'Your document has been updated.');
      await edit.waitFor({ state: 'detached' });
      const edited = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: 'Last Will, with the 2025 codicil' });
      expect(await edited.getByText('Original kept: With Hale & Co, solicitors').isVisible()).toBe(true);
      await synced(page);
      // The owner's device seals the changed copy for the share a moment after the write.
      await poll(async () => {
        await viewer.reload();
        return viewer.getByText('Original kept: With Hale & Co, solicitors').waitFor({ timeout: 5_000 }).then(() => true, () => false);
      }).toBe(true);
      expect(await viewer.getByRole('heading', { name: 'Last Will, with the 2025 codicil' }).isVisible()).toBe(true);
      expect(await viewer.getByText('Top drawer of the oak desk').count()).toBe(0);
      await page.getByRole('button', { name: 'Dismiss notification' }).click(); // "Document updated", not over the share dialog

      // The owner stops sharing, with its plain warning; the link then opens nothing.
      await edited.getByRole('button', { name: 'Share now: Last Will, with the 2025 codicil' }).click();
      await dialog.getByText('Maria can read this now, and sees your changes.').first().waitFor();
      await dialog.getByRole('button', { name: 'Stop sharing with Maria' }).click();
      await confirmDialog(page, 'What they already saw, copied, printed or saved while they could open it, they may still have.', 'Stop sharing');
      await expectToast(page, 'Sharing stopped', 'That link opens nothing now.');
      await openDialog(page).getByText(/Sharing stopped on .*That link opens nothing now\./).waitFor();
      await viewer.reload();
      await viewer.getByRole('heading', { name: 'Sharing stopped' }).waitFor();
      expect(await viewer.getByText('This link no longer opens anything. The person who shared it stopped sharing.').isVisible()).toBe(true);
      expect(await viewer.getByText('With Hale & Co, solicitors').count()).toBe(0);
      await expectNoSeriousA11yViolations(viewer, `stopped share at ${size}`);
      await shot(viewer, 'share-stopped.png');
      await viewerContext.close();
      await context.close();
    });
  }
});
