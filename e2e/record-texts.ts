/**
 * A progress line's texts as they change, for the browser tests of the auth forms and the
 * password dialogs (cold-sign-in, keys-signin). Test helper: never imported by web/.
 */
import type { Page } from 'playwright-core';

/**
 * Records every text the element `[data-testid=<testId>]` shows from now on (a progress line: the
 * auth forms' auth-progress, the password dialogs' password-progress): a MutationObserver over the
 * page, so none is missed. Returns a reader of the texts, in order, each once in a row.
 */
export async function recordTexts(page: Page, testId: string): Promise<() => Promise<string[]>> {
  await page.evaluate((id) => {
    const seen: string[] = [];
    (window as unknown as { __texts: Record<string, string[]> }).__texts = { ...(window as unknown as { __texts?: Record<string, string[]> }).__texts, [id]: seen };
    new MutationObserver(() => {
      const text = document.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, testId);
  return () => page.evaluate((id) => (window as unknown as { __texts: Record<string, string[]> }).__texts[id]!, testId);
}
