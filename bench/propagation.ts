/**
 * bench/propagation (issue 14 finding 6): the built app and the real server (child process, temp
 * DATA_DIR), two Chromium contexts signed into one account, both on the Trustees screen. One
 * device saves 50 trustees through the Add Trustee dialog; for each, the time from the click on
 * Save to the frame in which the other device's open screen shows it (a MutationObserver in that
 * page, then requestAnimationFrame). Prints p50 and p99 in ms (aims: p50 < 300, p99 < 1000).
 * Builds dist/ first when it is missing. PROPAGATION_SAVES changes the count.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT, startChildServer } from '../sync-server/test/child-server';
import { registerAccount, signedInContext } from './built-app';

const CHROMIUM = '/usr/bin/chromium';

async function signedIn(browser: Browser, url: string, cookies: readonly string[]): Promise<Page> {
  // Every cookie of the registration: without the session hint the app would start signed out (issue #20).
  const page = await (await signedInContext(browser, url, cookies)).newPage();
  await page.goto('/trustees');
  await page.locator('main h1').waitFor();
  await page.locator('header [role="status"]', { hasText: 'All changes saved' }).first().waitFor({ timeout: 30_000 });
  return page;
}

/**
 * Arms, in the page, `window.__painted`: a promise of Date.now() at the first frame after `text`
 * appears in <main>. A string, so that the bundler's helpers never leak into the page.
 */
function armWatcher(page: Page, text: string) {
  return page.evaluate(`(() => {
    const t = ${JSON.stringify(text)};
    window.__painted = new Promise((resolve) => {
      const main = document.querySelector('main');
      const observer = new MutationObserver(() => {
        if (!main.textContent.includes(t)) return;
        observer.disconnect();
        requestAnimationFrame(() => resolve(Date.now()));
      });
      observer.observe(main, { childList: true, subtree: true, characterData: true });
    });
  })()`);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function run(): Promise<void> {
  if (!existsSync(CHROMIUM)) {
    console.log(`\nbench/propagation: skipped (${CHROMIUM} not found)`);
    return;
  }
  if (!existsSync(join(REPO_ROOT, 'dist', 'index.html'))) {
    const r = spawnSync('npx', ['vite', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  const saves = Number(process.env.PROPAGATION_SAVES ?? 50);
  const server = await startChildServer({ ready: async (url) => (await fetch(`${url}/`)).ok });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const cookies = await registerAccount(server.url, 'bench_propagation');
    const writer = await signedIn(browser, server.url, cookies);
    const reader = await signedIn(browser, server.url, cookies);
    const latencies: number[] = [];
    for (let i = 0; i < saves; i++) {
      const name = `Bench Trustee ${i}`;
      await writer.getByRole('button', { name: /Add (Your First )?Trustee/ }).first().click();
      const dialog = writer.getByRole('dialog');
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Email').fill(`bench${i}@example.com`);
      await dialog.getByRole('combobox', { name: 'Access Level' }).click();
      await writer.getByRole('option').first().click();
      await armWatcher(reader, name);
      const start = Date.now();
      await dialog.getByRole('button', { name: 'Add Trustee' }).click();
      const painted = (await reader.evaluate('window.__painted')) as number;
      latencies.push(painted - start);
      await dialog.waitFor({ state: 'detached' });
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(`\nbench/propagation: ${saves} saves on one device, painted on another device's open screen`);
    console.table([{ saves, 'p50 ms': percentile(sorted, 50), 'p99 ms': percentile(sorted, 99), 'max ms': sorted.at(-1), 'aim': 'p50 < 300, p99 < 1000' }]);
  } finally {
    await browser.close();
    await server.stop();
  }
}
