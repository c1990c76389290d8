/**
 * The owner's e-mail address is confirmed before release notices go to it (SECURITY.md "Limits",
 * e-mail quotas): at 390 px Settings says plainly that release notices cannot reach an
 * unconfirmed address, "Send verification e-mail" sends the link, the link's page confirms it,
 * and a changed address is unconfirmed again. Real server, a real SMTP server on loopback, axe.
 */
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, hasChromium, mobileContext, useMailSuite } from './harness';
import { confirmOwnerEmail } from './owner-email';
import { signedInPage } from './record-screens';

describe.skipIf(!hasChromium)("the owner's e-mail address is confirmed by a link", () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useMailSuite({ RELEASE_TICK_MS: '500' }, { serviceWorkers: 'block' });

  it('at 390 px: not confirmed, plainly said; the e-mailed link confirms it; a changed address is unconfirmed again', async () => {
    const { context, page, user } = await signedInPage(suite.browser, suite.server.url, '/settings', mobileContext);
    await page.locator('dd', { hasText: 'Release notices cannot reach you' }).getByText('Not confirmed', { exact: true }).waitFor();
    expect(await page.getByText('Release notices cannot reach you until you confirm this address', { exact: false }).isVisible()).toBe(true);
    await page.getByText(`Your e-mail address ${user.email} is not confirmed yet, so release notices cannot reach you`, { exact: false }).waitFor();
    await expectNoSeriousA11yViolations(page, '/settings, e-mail not confirmed, at 390 px');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await confirmOwnerEmail(suite.browser, page, suite.smtp, user.email);
    expect(await page.getByText('Reminders and warnings reach you there.', { exact: false }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, '/settings, e-mail confirmed, at 390 px');

    // The link was single-use.
    const link = suite.smtp.to(user.email).find((e) => /Confirm your e-mail address/.test(e.subject))!.links[0]!;
    expect((await fetch(link, { method: 'POST' })).status).toBe(404);

    // A changed address must be confirmed again.
    const changed = await page.evaluate(async (email) => (await fetch('/api/user/profile', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email }) })).status, `new.${user.email}`);
    expect(changed).toBe(200);
    await page.reload();
    await page.locator('dd', { hasText: 'Release notices cannot reach you' }).getByText('Not confirmed', { exact: true }).waitFor();
    await context.close();
  });
});
