/**
 * Trustee kits in the browser: the owner making them on the Trustees screen, and a trustee's steps
 * on their kit page, in a fresh phone-sized browser (web/release/kit/): keeping the kit ("Keep this
 * kit", the handover) and confirming the owner's death with it. Shared by the
 * browser tests of the release through kits (kit-release-path.test.ts) and of emergency access
 * before it (emergency-full-path.test.ts).
 */
import type { Browser, Page } from 'playwright-core';
import { mobileContext } from './harness';
import { expectToast } from './record-screens';

/**
 * On the owner's open Trustees screen (reloaded first, so every trustee's acceptance shows), "Make
 * kits" with the default threshold; resolves to each named trustee's kit link, in `names`' order
 * (the links name the server's public address: a test points them at its server with onServer).
 */
export async function makeKitsViaUi(page: Page, names: readonly string[]): Promise<string[]> {
  await page.reload();
  await page.getByRole('button', { name: 'Make kits' }).click();
  await expectToast(page, 'Kits made');
  const links: string[] = [];
  for (const name of names) {
    const field = page.getByLabel(`Kit link for ${name}`);
    await field.waitFor();
    links.push(await field.inputValue());
  }
  return links;
}

/** The trustee keeps their kit on their phone: the link's page, "Keep this kit"; waits until the page says it is kept. */
export async function keepKit(browser: Browser, link: string): Promise<void> {
  const phone = await (await mobileContext(browser)).newPage();
  await phone.goto(link);
  await phone.getByRole('button', { name: 'Keep this kit' }).click();
  await phone.getByText(/Your kit is kept/).first().waitFor();
  await phone.context().close();
}

/** The trustee confirms that `first` (the owner's first name) has died, on their phone with their saved kit link. */
export async function confirmWithLink(browser: Browser, link: string, first: string): Promise<void> {
  const phone = await (await mobileContext(browser)).newPage();
  await phone.goto(link);
  await phone.getByRole('heading', { level: 1, name: `Confirm only if you know ${first} has died` }).waitFor();
  await phone.getByLabel(`I know that ${first} has died.`).check();
  await phone.getByRole('button', { name: `Confirm that ${first} has died` }).click();
  await phone.getByRole('heading', { level: 1, name: /^(Thank you for confirming|What .* left for you)$/ }).waitFor();
  await phone.context().close();
}
