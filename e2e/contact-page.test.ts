/**
 * "Contact" (/contact): names the operator's SUPPORT_EMAIL (README.md "Configuration", GET
 * /api/service) instead of the project's own addresses, at 390 px and 1280 px, fits the phone's
 * width, passes axe, and still names it offline once the app is installed (kept on the device).
 */
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, goOffline, hasChromium, SCREEN_SIZES, useBrowserSuite } from './harness';
import { signedInPage } from './record-screens';

const ADDRESS = 'help@family-afterword.example';

describe.skipIf(!hasChromium)('the Contact page', () => {
  const suite = useBrowserSuite({ env: { SUPPORT_EMAIL: ADDRESS } });

  for (const [name, makeContext] of SCREEN_SIZES) {
    it(`names the operator's address, fits and passes axe at ${name}`, async () => {
      const context = await makeContext(suite.browser, suite.server.url);
      const page = await context.newPage();
      await page.goto('/contact');
      await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: ADDRESS }).count()).toBe(3);
      expect(await page.getByRole('link', { name: ADDRESS }).first().getAttribute('href')).toBe(`mailto:${ADDRESS}`);
      expect(await page.locator('main').textContent()).not.toContain('afterword.app');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoSeriousA11yViolations(page, `/contact at ${name}`);
      await context.close();
    });
  }

  it('still names it offline', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, '/contact');
    await page.getByRole('link', { name: ADDRESS }).first().waitFor();
    await goOffline(context);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Contact' }).waitFor();
    await page.getByRole('link', { name: ADDRESS }).first().waitFor();
    await context.close();
  });
});
