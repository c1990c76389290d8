/**
 * Issue 43 "Done when: both features work offline for the owner (choices saved on the device and
 * synced)", in Chromium at 390 px: with no network, the owner saves a trustee's emergency access
 * (kept on the device: the dialog and the trustee's card say it is sent once online) and stops a
 * live share (listed as the device last read it; "Stops when you are online", and the link still
 * opens until then). Back online, the device sends both by itself: the server holds the emergency
 * setting and the share is stopped, its link opening nothing. Then, offline again, the owner removes
 * that emergency access: it waits on the device, said so on the card and in the dialog, and once
 * online the server holds none. axe on every offline dialog.
 * docs/sharing.md "A choice saved offline" and "Offline".
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, goOffline, hasChromium, mobileContext, poll, useMailSuite } from './harness';
import { addLinkDocument, confirmDialog, expectToast, openDialog, openSignedIn, signedInPage } from './record-screens';
import { shareWithMaria, trusteeWithKit } from './owner-share-steps';

/** The account's emergency settings and one item's shares, read by the signed-in page (its cookie). */
const settings = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/emergency')).json()) as { settings: Array<{ waitHours: number; items: string[] }> }).settings.map((s) => [s.waitHours, s.items.length]));
const phases = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/shares')).json()) as { shares: Array<{ phase: string }> }).shares.map((s) => s.phase));

describe.skipIf(!hasChromium)('emergency access and Stop sharing, offline (issue 43)', () => {
  const suite = useMailSuite({ RELEASE_TICK_MS: '300' });

  it('an emergency choice saved and a live share stopped with no network both reach the server once the device is back online (390 px)', async () => {
    // A document, shared online with Maria (the dialog keeps its list on the device), and a trustee with a kit.
    const { context, page, user } = await signedInPage(suite.browser, suite.server.url, '/documents/upload', mobileContext);
    await addLinkDocument(page, 'Will');
    const shareButton = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: 'Will' }).getByRole('button', { name: 'Share now: Will' });
    const link = await shareWithMaria(page, 'Will');
    await trusteeWithKit(page, suite, user.username);

    await goOffline(context);
    // Emergency access, saved with no network: kept on the device, and said so.
    await page.getByRole('button', { name: 'Emergency access: Grace Hopper' }).click();
    const dialog = openDialog(page);
    await dialog.getByText('Your trustee kits could not be checked now: you may be offline.', { exact: false }).waitFor();
    await dialog.getByRole('checkbox').first().check();
    await dialog.getByText('Grace Hopper can open this 1 item if they ask and you do not refuse within 48 hours.').waitFor();
    await expectNoSeriousA11yViolations(page, 'Emergency access dialog offline at 390 px');
    await dialog.getByRole('button', { name: 'Save emergency access' }).click();
    await expectToast(page, 'Saved on this device');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Emergency access: Saved on this device: it is sent to the server once this device is back online.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Emergency access: Grace Hopper' }).click();
    await openDialog(page).getByText('Saved on this device: it is sent to the server once this device is back online. Until then Grace Hopper cannot ask for emergency access yet.').waitFor();
    await page.keyboard.press('Escape');
    await openDialog(page).waitFor({ state: 'detached' });

    // Stop sharing with Maria, with no network: listed as this device last read it; the stop waits.
    await openSignedIn(page, '/documents');
    await shareButton.click();
    const offline = openDialog(page);
    await offline.getByText('Maria can read this now, and sees your changes.').waitFor();
    await offline.getByRole('button', { name: 'Stop sharing with Maria' }).click();
    await confirmDialog(page, 'What they already saw, copied, printed or saved while they could open it, they may still have.', 'Stop sharing');
    await expectToast(page, 'Stops when you are online');
    const stopping = offline.getByRole('list', { name: 'Stops when you are online' });
    await stopping.getByText('Sharing with Maria stops once this device is back online. Until then Maria can still open the link', { exact: false }).waitFor();
    expect(await offline.getByRole('button', { name: 'Stop sharing with Maria' }).count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'share dialog with a stop waiting, offline at 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    const shareId = new URL(link).pathname.split('/').at(-1)!;
    expect((await fetch(`${suite.server.url}/api/shared/${shareId}`)).status).toBe(200); // the server has not heard: the link still opens

    // Back online: both reach the server by themselves.
    await context.setOffline(false);
    await poll(() => phases(page), 90_000).toEqual(['stopped']);
    await poll(() => settings(page), 90_000).toEqual([[48, 1]]);
    expect((await fetch(`${suite.server.url}/api/shared/${shareId}`)).status).toBe(410);
    await stopping.waitFor({ state: 'detached' }); // the dialog lists it no more
    await page.keyboard.press('Escape');
    await openSignedIn(page, '/trustees');
    await page.getByText('Grace Hopper can open this 1 item if they ask and you do not refuse within 48 hours.').waitFor();
    expect(await page.getByText('Emergency access: Saved on this device', { exact: false }).count()).toBe(0);

    // Remove emergency access with no network: it waits on the device, said so; Grace can still ask until it is sent.
    await goOffline(context);
    await page.getByRole('button', { name: 'Emergency access: Grace Hopper' }).click();
    const removing = openDialog(page);
    await removing.getByText('Your trustee kits could not be checked now: you may be offline.', { exact: false }).waitFor();
    await removing.getByRole('button', { name: 'Remove emergency access' }).click();
    await expectToast(page, 'Removal waiting for a connection');
    await removing.waitFor({ state: 'detached' });
    await page.getByText('Emergency access: Removal waiting on this device: it is sent to the server once this device is back online. Until then Grace Hopper can still ask', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Emergency access: Grace Hopper' }).click();
    const kept = openDialog(page);
    await kept.getByText('Removal waiting on this device: it is sent to the server once this device is back online.', { exact: false }).waitFor();
    expect(await kept.getByRole('button', { name: 'Remove emergency access' }).count()).toBe(0); // it waits already
    await kept.getByRole('button', { name: 'Cancel the removal' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'Emergency access dialog with a Remove waiting, offline at 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await page.keyboard.press('Escape');
    await kept.waitFor({ state: 'detached' });
    expect(await settings(page).catch(() => null)).toBeNull(); // offline: nothing reached the server (the page cannot ask it either)
    await context.setOffline(false);
    await poll(() => settings(page), 90_000).toEqual([]);
    await expectToast(page, 'Emergency access removed');
    await page.getByText('Emergency access: Removal waiting on this device', { exact: false }).waitFor({ state: 'detached' });
    expect(await page.getByText('Grace Hopper can open this 1 item', { exact: false }).count()).toBe(0);
    await context.close();
  });
});
