/**
 * Screenshots for docs/screenshots/ made by the browser tests that already reach a screen
 * (docs/screenshots/README.md lists which test makes which file): `E2E_SHOTS=docs/screenshots npx
 * vitest run --project e2e e2e/<file>`. Without E2E_SHOTS nothing is saved.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** Saves what `page`'s screen shows (its viewport at one pixel per CSS pixel, animations stopped) as `name` under $E2E_SHOTS, when set and `when` holds. */
export async function docShot(page: Page, name: string, when = true): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (!dir || !when) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(dir, name), animations: 'disabled', scale: 'css' });
}
