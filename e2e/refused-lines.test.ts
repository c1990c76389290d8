/**
 * Issue 43, the "refused" lines (docs/sharing.md "A choice the server keeps refusing"), in Chromium
 * at 390 px: a change queued offline that can never be sent ends its retry, and the owner is told
 * once. With no network, the owner saves a trustee's emergency access to a document and stops a live
 * share; meanwhile the document is deleted elsewhere (the server's own REST route, as another client
 * would). Back online: the emergency choice is not sent (nothing it chose is left), said on the
 * trustee's card and in the dialog, with one toast; the stop is refused for good, said in the Share
 * dialog with Try again, with one toast; Try again then stops the share. axe on both dialogs.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, goOffline, hasChromium, mobileContext, poll, useMailSuite } from './harness';
import { addLinkDocument, allChangesSaved as synced, confirmDialog, expectToast, openDialog, openSignedIn, signedInPage } from './record-screens';
import { shareWithMaria, trusteeWithKit } from './owner-share-steps';

/** The owner's shares' phases and emergency settings, read by the signed-in page (its cookie). */
const phases = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/shares')).json()) as { shares: Array<{ phase: string }> }).shares.map((s) => s.phase));
const settings = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/emergency')).json()) as { settings: unknown[] }).settings.length);

/** Counts every toast the page shows, by its text, from now on (each toast element once): `window.__toasts`. */
const recordToasts = (page: Page) =>
  page.evaluate(() => {
    const seen = new WeakSet<Element>();
    const w = window as unknown as { __toasts: string[] };
    w.__toasts = [];
    new MutationObserver(() => {
      for (const li of document.querySelectorAll('li[data-state]')) {
        if (seen.has(li)) continue;
        seen.add(li);
        w.__toasts.push(li.textContent ?? '');
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
const toastsWith = (page: Page, text: string) => page.evaluate((t) => (window as unknown as { __toasts: string[] }).__toasts.filter((x) => x.includes(t)).length, text);

describe.skipIf(!hasChromium)('changes queued offline that the server refuses for good (issue 43)', () => {
  const suite = useMailSuite({ RELEASE_TICK_MS: '300' });

  it('an emergency choice and a stop that can never be sent are said on the card and in the dialog, with one toast each, and a refused stop has Try again (390 px)', async () => {
    const { context, page, user } = await signedInPage(suite.browser, suite.server.url, '/documents/upload', mobileContext);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const serverDocs = async () => ((await (await fetch(`${suite.server.url}/api/documents`, { headers: { cookie } })).json()) as Array<{ id: string }>).map((d) => d.id);
    await addLinkDocument(page, 'Old will');
    const [oldWill] = await serverDocs();
    await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
    await addLinkDocument(page, 'Bank papers');

    // Bank papers, shared online with Maria, and a trustee with a kit.
    await shareWithMaria(page, 'Bank papers');
    await trusteeWithKit(page, suite, user.username);
    await recordToasts(page);

    await goOffline(context);
    // Emergency access to Old will, saved with no network.
    await page.getByRole('button', { name: 'Emergency access: Grace Hopper' }).click();
    const dialog = openDialog(page);
    await dialog.getByText('Your trustee kits could not be checked now: you may be offline.', { exact: false }).waitFor();
    await dialog.getByRole('checkbox', { name: /Old will/ }).check();
    await dialog.getByRole('button', { name: 'Save emergency access' }).click();
    await expectToast(page, 'Saved on this device');
    await dialog.waitFor({ state: 'detached' });

    // Stop sharing with Maria, with no network: the stop waits on the device.
    await openSignedIn(page, '/documents');
    await page.getByRole('button', { name: 'Share now: Bank papers' }).click();
    const offline = openDialog(page);
    await offline.getByRole('button', { name: 'Stop sharing with Maria' }).click();
    await confirmDialog(page, 'What they already saw, copied, printed or saved while they could open it, they may still have.', 'Stop sharing');
    await expectToast(page, 'Stops when you are online');
    await offline.getByRole('button', { name: 'Close', exact: true }).click();
    await offline.waitFor({ state: 'detached' });

    // Meanwhile Old will is deleted elsewhere (the server's REST route, as another client of the owner's would).
    expect((await fetch(`${suite.server.url}/api/documents/${oldWill}`, { method: 'DELETE', headers: { cookie } })).status).toBe(200);
    // The server never refuses a stop for good by itself (it answers 204, or 404/410, which mean done),
    // so that one refusal is the only stubbed answer here: a 422 for the stop, in the server's shape.
    await context.route('**/api/shares/*/stop', (route) => route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: 'This share cannot be stopped now', issues: [] }) }));

    await context.setOffline(false);
    // The server answers 404 for Old will, and nothing of it waits on this device: refused for good (pending-choices.ts).
    // Both toasts come at about the same time (and each closes after a few seconds): read from the page's record of toasts.
    await poll(() => toastsWith(page, 'Emergency access was not sentYour emergency access for Grace Hopper, saved while offline, was not sent.'), 90_000).toBe(1);
    await poll(() => toastsWith(page, 'Sharing was not stoppedSharing with Maria was not stopped: the server refused it (This share cannot be stopped now).'), 90_000).toBe(1);
    expect(await phases(page)).toEqual(['active']); // the link still opens, as the words say
    expect(await settings(page)).toBe(0); // nothing was sent

    // The trustee's card and the dialog say it, and nothing is sent again by itself.
    await openSignedIn(page, '/trustees');
    await page.getByText('Emergency access: not sent.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Emergency access: Grace Hopper' }).click();
    const refused = openDialog(page);
    await refused.getByText('It will not be tried again.', { exact: false }).first().waitFor();
    await expectNoSeriousA11yViolations(page, 'Emergency access dialog with a choice not sent, at 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.keyboard.press('Escape');
    await refused.waitFor({ state: 'detached' });

    await openSignedIn(page, '/documents');
    await page.getByRole('button', { name: 'Share now: Bank papers' }).click();
    const stopRefused = openDialog(page);
    await stopRefused.getByText('Sharing with Maria was not stopped: the server refused it (This share cannot be stopped now).', { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page, 'share dialog with a refused stop, at 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    // Another trip offline and back, and a sync: neither is sent again nor told again.
    await goOffline(context);
    await context.setOffline(false);
    await synced(page);
    expect(await toastsWith(page, 'Emergency access was not sent')).toBe(1);
    expect(await toastsWith(page, 'Sharing was not stopped')).toBe(1);

    // Try again, the server answering as it does: the share stops, and its link opens nothing.
    await context.unroute('**/api/shares/*/stop');
    await stopRefused.getByRole('button', { name: 'Try again to stop sharing with Maria' }).click();
    await expectToast(page, 'Sharing stopped', 'That link opens nothing now.');
    await poll(() => phases(page)).toEqual(['stopped']);
    await context.close();
  });
});
