/**
 * The owner sets a trustee's emergency access on the Trustees screen (web/features/emergency/
 * EmergencyAccessDialog.tsx; docs/sharing.md "Emergency access"; issue 43), in the built app at
 * 390 px with axe at 390 px and 1280 px: with kits made, "Emergency access" on a trustee's card
 * chooses a task list, the default wait of 48 hours, and saving leaves the server a setting for that
 * trustee (GET /api/emergency) with one item, while the card says in one sentence what it means. A
 * trustee who has no kit is told so, with the way to kits. An owner whom a request would reach neither
 * by e-mail (no confirmed address) nor by Web Push is told they would find out only by opening the app.
 * Removed and set again, the choice's version rises past the one removed. What the PUT holds and how the bundle
 * opens is proven in web/features/emergency/emergency-access.test.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { docShot } from './doc-shots';
import { DESKTOP, expectNoSeriousA11yViolations, hasChromium, MOBILE, mobileContext, registerViaUi, uniqueUser, useMailSuite } from './harness';
import { addAcceptedTrustees, addTrusteeViaUi, expectToast, openDialog, openSignedIn } from './record-screens';

/** The account's emergency settings, read by the signed-in page (its cookie). */
const settings = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/emergency')).json()) as { settings: Array<{ trusteeId: string; waitHours: number; items: string[] }> }).settings);

describe.skipIf(!hasChromium)('emergency access, set by the owner', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useMailSuite({ RELEASE_TICK_MS: '300' }, { serviceWorkers: 'block' });

  it('gives a trustee with a kit emergency access to a task list, and tells a trustee without one why not (390 px, axe also at 1280 px)', async () => {
    const context = await mobileContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const user = uniqueUser('Ada');
    await registerViaUi(page, user);
    const addr = (who: string) => `${who}.${user.username}@example.com`;

    await page.waitForURL('**/dashboard');
    await openSignedIn(page, '/survivor-tasks');
    await page.getByRole('button', { name: 'Generate Default Tasks' }).first().click();
    await expectToast(page, 'Success', 'Default tasks generated successfully');

    await openSignedIn(page, '/trustees');
    await addAcceptedTrustees(page, { smtp: suite.smtp, serverUrl: suite.server.url }, [
      { name: 'Grace Hopper', email: addr('grace') },
      { name: 'Alan Turing', email: addr('alan') },
    ]);
    await page.reload();
    await page.getByRole('button', { name: 'Make kits' }).click();
    await expectToast(page, 'Kits made');
    await page.getByRole('button', { name: 'Dismiss notification' }).click(); // not over the dialog's screenshot

    await page.getByRole('button', { name: 'Emergency access: Grace Hopper' }).click();
    const dialog = openDialog(page);
    await dialog.getByRole('checkbox').first().check();
    await dialog.getByText('Grace Hopper can open this 1 item if they ask and you do not refuse within 48 hours.').waitFor();
    await dialog.getByText('Letters are never opened in an emergency: they stay for after your death.').waitFor();
    // A new account: no confirmed address, no device taking notifications. The dialog says what that means, and how to change it.
    await dialog.getByText(/^If Grace Hopper asks, you would only find out by opening Afterword/).waitFor();
    await dialog.getByRole('link', { name: 'Confirm your e-mail address in Settings' }).waitFor();
    await dialog.getByRole('button', { name: 'Turn on notifications on this device' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'Emergency access dialog at 390 px');
    // The owner's choice for docs/ (issue 43 "screenshots of the share choices"): what Grace may open, the wait, the order, and the sentence.
    await dialog.getByText('Grace Hopper can open this 1 item', { exact: false }).scrollIntoViewIfNeeded();
    await docShot(page, 'emergency-choice-dialog.png');
    await page.setViewportSize(DESKTOP);
    await expectNoSeriousA11yViolations(page, 'Emergency access dialog at 1280 px');
    await page.setViewportSize(MOBILE);
    await dialog.getByRole('button', { name: 'Save emergency access' }).click();
    await expectToast(page, 'Emergency access saved');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await settings(page)).map((s) => [s.waitHours, s.items.length])).toEqual([[48, 1]]);
    await page.getByText('Grace Hopper can open this 1 item if they ask and you do not refuse within 48 hours.').waitFor();

    // Removed, then set again: the new choice's version is above the one removed, never 1 again (security review s22 H1).
    const versions = () => page.evaluate(async () => ((await (await fetch('/api/emergency')).json()) as { settings: Array<{ choiceVersion: number | null }>; choiceVersions: Record<string, number> }));
    expect((await versions()).settings.map((s) => s.choiceVersion)).toEqual([1]);
    await page.getByRole('button', { name: 'Emergency access: Grace Hopper' }).click();
    await openDialog(page).getByRole('button', { name: 'Remove emergency access' }).click();
    await expectToast(page, 'Emergency access removed');
    await expect.poll(async () => (await versions()).settings).toEqual([]);
    expect(Object.values((await versions()).choiceVersions)).toEqual([1]);
    await page.getByRole('button', { name: 'Emergency access: Grace Hopper' }).click();
    const again = openDialog(page);
    await again.getByRole('checkbox').first().check();
    await again.getByRole('button', { name: 'Save emergency access' }).click();
    await expectToast(page, 'Emergency access saved');
    await expect.poll(async () => (await versions()).settings.map((s) => s.choiceVersion)).toEqual([2]);

    // A trustee added after the kits holds none: the dialog says so and how to give one.
    await addTrusteeViaUi(page, 'Mary Somerville', addr('mary'));
    await page.getByRole('button', { name: 'Emergency access: Mary Somerville' }).click();
    await openDialog(page).getByText(/Mary Somerville has no trustee kit yet, so you cannot give them emergency access.*Make trustee kits first/).waitFor();
    await context.close();
  });
});
