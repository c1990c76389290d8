/**
 * What each browser page of a test did, kept for the report of a failing test (e2e/failure-report.ts):
 * navigations, page errors, console errors, failed requests and answers of 400 or more, each with
 * its time since the page opened (ms). A browser test that waits 90 s for a screen that never
 * shows says only "Timeout"; this says which page was where and what went wrong on the way
 * (a chunk that never loaded, a 429, an uncaught error). Test helper: never imported by web/.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** The last entries kept per page (older ones are dropped: a long test stays cheap). */
const KEEP = 40;

interface Journal {
  opened: number;
  entries: string[];
}

const journals = new Map<Page, Journal>();
const contexts = new Set<BrowserContext>();

function note(page: Page, line: string): void {
  const j = journals.get(page);
  if (!j) return;
  j.entries.push(`+${Date.now() - j.opened} ms ${line}`);
  if (j.entries.length > KEEP) j.entries.shift();
}

function watchPage(page: Page): void {
  journals.set(page, { opened: Date.now(), entries: [] });
  page.on('framenavigated', (f) => f === page.mainFrame() && note(page, `navigated ${f.url()}`));
  page.on('pageerror', (e) => note(page, `page error: ${e.message.slice(0, 300)}`));
  page.on('console', (m) => m.type() === 'error' && note(page, `console error: ${m.text().slice(0, 300)}`));
  page.on('requestfailed', (r) => note(page, `request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText ?? '?'})`));
  page.on('response', (r) => r.status() >= 400 && note(page, `${r.status()} ${r.request().method()} ${r.url()}`));
  page.on('close', () => journals.delete(page));
}

/** Starts keeping the journal of every page of `context` (its pages now and later). */
export function watchContext(context: BrowserContext): void {
  contexts.add(context);
  for (const p of context.pages()) watchPage(p);
  context.on('page', watchPage);
  context.on('close', () => contexts.delete(context));
}

/**
 * Every open page of the watched contexts: its URL, the start of what it shows (up to 600
 * characters of body text, read within 3 s) with each open dialog's and toast's text, and its journal. Never throws (a page may be closing).
 */
export async function describeOpenPages(): Promise<string> {
  const parts: string[] = [];
  for (const context of contexts) {
    for (const page of context.pages()) {
      // The page's start, then what a person would read first after it: open dialogs and toasts
      // (portalled to the end of the body, past the first 600 characters).
      const shown = await page
        .evaluate(() => {
          const text = (el: Element | null) => ((el as HTMLElement | null)?.innerText ?? '').replace(/\s+/g, ' ');
          const overlays = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], li[data-state="open"]')].map((el) => `[${el.getAttribute('role') ?? 'toast'}] ${text(el).slice(0, 400)}`);
          // Where typing would go, and what each dialog's fields hold (a field whose typing was lost shows empty).
          const focused = document.activeElement;
          const focus = `[focus] ${focused?.tagName.toLowerCase() ?? 'none'}${focused?.getAttribute('aria-label') ? ` "${focused.getAttribute('aria-label')}"` : ''}${focused?.id ? ` #${focused.id}` : ''}`;
          const fields = [...document.querySelectorAll('[role="dialog"] input:not([type="password"]):not([type="file"]), [role="dialog"] textarea')].map((el) => `[field] ${(el as HTMLInputElement).labels?.[0]?.innerText.trim() ?? el.getAttribute('aria-label') ?? '?'} = ${JSON.stringify(((el as HTMLInputElement).type === 'checkbox' ? String((el as HTMLInputElement).checked) : (el as HTMLInputElement).value).slice(0, 80))}`);
          return [text(document.body).slice(0, 600), ...overlays, focus, ...fields].join('\n    ');
        }, undefined)
        .catch((e: Error) => `(unreadable: ${e.message.slice(0, 100)})`);
      const timeout = new Promise<string>((done) => setTimeout(() => done('(no answer in 3 s)'), 3_000));
      parts.push([`page ${page.url()}`, `  shows: ${await Promise.race([Promise.resolve(shown), timeout])}`, ...(journals.get(page)?.entries ?? []).map((e) => `  ${e}`)].join('\n'));
    }
  }
  return parts.join('\n') || '(no open page)';
}
