/**
 * Issue #16 in the browser: the readiness panel of Settings says plainly what is missing
 * (PUBLIC_URL unset, a trustee whose e-mail bounced, a trustee who has not accepted), lets the
 * owner resend an invitation, and the app's banner shows the owner's own critical e-mail
 * ("A waiting period has started") that the mail server refused, until dismissed. Real server,
 * a real SMTP server on loopback that refuses some addresses; axe at 390 px and 1280 px.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../sync-server/test/smtp-test-server';
import { reportPassing } from './report-passing';
import { desktopContext, expectNoSeriousA11yViolations, hasChromium, keylessAccountPage, launchBrowser, mobileContext, passRecoveryKit, startServer, upgradeViaUi, type TestServer } from './harness';
import { expectToast, signedInPage } from './record-screens';
import { confirmOwnerEmail } from './owner-email';

describe.skipIf(!hasChromium)('release readiness on Settings (issue #16)', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let browser: Browser;
  let ownerConfirmed = false;

  beforeAll(async () => {
    // The owner's address (uniqueUser: ada.…), once confirmed, and nobody.… are refused with a permanent 550.
    smtp = await startTestSmtp({ refuse: (a) => (ownerConfirmed && a.startsWith('ada.')) || a.startsWith('nobody.') });
    server = await startServer({ env: { SMTP_URL: smtp.url, RELEASE_TICK_MS: '500' } });
    // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
    browser = await launchBrowser({ serviceWorkers: 'block' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('shows what is missing, resends an invitation, and banners a refused critical e-mail', async () => {
    const tag = Date.now().toString(36);
    // An account without keys: its trustees are added by REST below, in plain text.
    const context = await desktopContext(browser, server.url);
    const { page, user } = await keylessAccountPage(context, server.url, '/settings');
    // Release notices go only to a confirmed address: confirmed, it then refuses everything.
    await confirmOwnerEmail(browser, page, smtp, user.email);
    ownerConfirmed = true;
    const add = (name: string, email: string) =>
      page.evaluate(
        async ([n, e]) =>
          (
            await fetch('/api/trustees', {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ name: n, email: e, accessLevel: 'full' }),
            })
          ).status,
        [name, email] as const,
      );
    expect(await add('Margaret Hale', `margaret.${tag}@example.com`)).toBe(201);
    expect(await add('Nobody Home', `nobody.${tag}@example.com`)).toBe(201);

    // Margaret accepts and reports; the owner's "waiting period started" e-mail is refused.
    const invite = await smtp.waitFor(`margaret.${tag}@example.com`, /asked you to be a trustee/);
    expect((await fetch(invite.links[0]!, { method: 'POST' })).status).toBe(200);
    const welcome = await smtp.waitFor(`margaret.${tag}@example.com`, /Thank you for being/);
    expect((await reportPassing(welcome.links[0]!)).status).toBe(200);

    await expect
      .poll(
        async () => {
          await page.reload();
          // The banner appears once the lazy app and its status request are in: wait for it a little.
          const banner = page.getByRole('region', { name: 'Undeliverable e-mail' });
          await banner.waitFor({ timeout: 5_000 }).catch(() => undefined);
          return banner.count();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(1);
    const banner = page.getByRole('region', { name: 'Undeliverable e-mail' });
    expect(await banner.textContent()).toContain('A waiting period has started on your Afterword account');

    const panel = page.locator('section', { has: page.getByRole('heading', { name: 'Trustees', level: 3 }) });
    await page.getByText('Not ready yet', { exact: true }).waitFor();
    await page.getByText('E-mail bounced', { exact: true }).waitFor();
    // The owner reads plain words; the setting's name is only for the administrator, behind a disclosure.
    expect(await page.getByText('an address other people cannot reach', { exact: false }).first().isVisible()).toBe(true);
    expect(await page.getByText('PUBLIC_URL', { exact: false }).first().isVisible()).toBe(false);
    await page.getByText("For the server's administrator", { exact: true }).click();
    expect(await page.getByText('PUBLIC_URL is not set', { exact: false }).isVisible()).toBe(true);
    expect(await panel.getByText('Accepted', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, '/settings readiness at 1280 px');

    await page.getByRole('button', { name: 'Resend invitation to Nobody Home' }).click();
    await expectToast(page, 'Invitation sent again');

    // 390 px, with both banners.
    const phone = await mobileContext(browser, server.url);
    const phonePage = await phone.newPage();
    await upgradeViaUi(phonePage, user); // an account without keys: its first sign-in in the app is the upgrade
    await passRecoveryKit(phonePage); // it gives it keys: the kit is shown first
    await phonePage.goto('/settings');
    await phonePage.getByText('E-mail bounced', { exact: true }).waitFor();
    await phonePage.getByRole('region', { name: 'Undeliverable e-mail' }).waitFor();
    await phonePage.getByRole('region', { name: 'Waiting period' }).waitFor();
    await expectNoSeriousA11yViolations(phonePage, '/settings readiness at 390 px with both banners');
    const width = await phonePage.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await phone.close();

    // Dismissed, the banner goes; Settings still lists the e-mail.
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'E-mails that could not be delivered' }).waitFor();
    await context.close();
  });
});
