/**
 * "Your privacy" (/privacy; issue "Sealed from the server", Honest words): at 390 px and 1280 px it
 * names every plain field of the field table (shared/crypto/fields.ts, through privacy-facts.ts),
 * fits the phone's width, passes axe, is linked from the footer and from Settings, and opens
 * offline once the app is installed (precached like the other static pages).
 */
import { describe, expect, it } from 'vitest';
import { plainLines } from '../web/features/static-pages/privacy-facts';
import { expectNoSeriousA11yViolations, goOffline, hasChromium, SCREEN_SIZES, useBrowserSuite } from './harness';
import { en } from './language-steps';
import { signedInPage } from './record-screens';

describe.skipIf(!hasChromium)('the privacy page', () => {
  const suite = useBrowserSuite();

  for (const [name, makeContext] of SCREEN_SIZES) {
    it(`says what is sealed and what the server sees, fits and passes axe at ${name}`, async () => {
      const context = await makeContext(suite.browser, suite.server.url);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy' }).click();
      await page.waitForURL('**/privacy');
      await page.getByRole('heading', { level: 1, name: 'Your privacy' }).waitFor();
      const seen = page.locator('section', { has: page.getByRole('heading', { name: 'What our server sees, and must see' }) });
      const text = (await seen.textContent()) ?? '';
      for (const line of plainLines()) {
        // The lines name message ids (issue 44); the page says their English words.
        expect(text).toContain(en[line.area]);
        for (const id of line.seen) expect(text).toContain(en[id]);
      }
      for (const heading of ['Sealed on your devices', 'When you die', 'If you forget your password']) {
        await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoSeriousA11yViolations(page, `/privacy at ${name}`);
      await context.close();
    });
  }

  it('is linked from Settings and opens offline', async () => {
    const { context, page } = await signedInPage(suite.browser, suite.server.url, '/settings');
    await page.getByRole('link', { name: 'Your privacy' }).click();
    await page.waitForURL('**/privacy');
    await page.getByRole('heading', { level: 1, name: 'Your privacy' }).waitFor();
    await goOffline(context);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Your privacy' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'What our server sees, and must see' }).waitFor();
    await context.close();
  });
});
