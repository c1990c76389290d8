/**
 * The server's AI budget in the browser (SECURITY.md "Limits", `aiCallsPerDay`): when the server
 * refuses an AI call with its 429 `{ error, issues }`, the dashboard's recommendations panel keeps
 * its SPEC.md line and says why in the server's words, at 390 px and 1280 px, and passes axe.
 * The server has a model (only then is a request sent, after Refresh and Send in the consent dialog:
 * opening the dashboard asks nothing, DESIGN.md §4);
 * it and the 429 are answered at the network boundary (the real server's own is in
 * sync-server/hostile-tenant-bounds.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { AI_DAY_MESSAGE } from '../sync-server/ai/budget';
import { expectNoSeriousA11yViolations, hasChromium, poll, registerViaUi, SCREEN_SIZES, uniqueUser, useBrowserSuite } from './harness';

describe.skipIf(!hasChromium)('the AI budget, explained', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });

  for (const [size, contextAt] of SCREEN_SIZES) {
    it(`past the day's AI budget the recommendations panel says why (${size})`, async () => {
      const context = await contextAt(suite.browser, suite.server.url);
      await context.route('**/api/ai/provider', (route) => route.fulfill({ status: 200, json: { provider: 'openai' } }));
      await context.route('**/api/recommendations**', (route) =>
        route.fulfill({ status: 429, headers: { 'Retry-After': '3600' }, json: { error: AI_DAY_MESSAGE, issues: [{ path: 'ai', message: AI_DAY_MESSAGE }] } }),
      );
      const page = await context.newPage();
      await registerViaUi(page, uniqueUser('Rosa'));
      await page.waitForURL('**/dashboard');
      const panel = page.locator('[aria-labelledby="recommendations-heading"]');
      // Opening the dashboard asks nothing: the built-in helper answers on the device.
      await poll(() => panel.getByRole('listitem').count()).toBeGreaterThan(0);
      expect(await page.getByRole('dialog', { name: 'Send to the AI service?' }).count()).toBe(0);
      await panel.getByRole('button', { name: 'Refresh' }).click();
      await page.getByRole('dialog', { name: 'Send to the AI service?' }).getByRole('button', { name: 'Send' }).click();
      await poll(() => panel.getByText('Unable to load recommendations at this time.').isVisible()).toBe(true);
      await poll(() => panel.getByText(AI_DAY_MESSAGE, { exact: true }).isVisible()).toBe(true);
      await expectNoSeriousA11yViolations(page, `dashboard, AI budget used (${size})`);
      await context.close();
    });
  }
});
