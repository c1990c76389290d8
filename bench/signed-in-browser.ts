/**
 * A person's own browser for the signed-in load benchmarks (bench/bundle.ts, bench/cold-dashboard.ts;
 * issue 41): an account signed up through the app's own screens (so this device holds its keys and
 * its records, as after a real sign-up), its profile completed through the dashboard's wizard, and
 * a "cold" start of that device: the HTTP cache, the service worker and its caches cleared, the
 * device's keys, records and session kept (IndexedDB, localStorage, cookies).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from 'playwright-core';
import { REPO_ROOT } from '../sync-server/test/child-server';
import type { Fetched } from './network-log';

export const FIRST_NAME = 'Margaret';
const PASSWORD = 'correct horse battery';

/**
 * Signs a new account up at /register on `page` (the production KDF, in the page), passes the
 * recovery kit to /dashboard, and waits for its welcome. Throws when a step does not come.
 */
export async function signUpViaUi(page: Page, username: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('First Name').fill(FIRST_NAME);
  await page.getByLabel('Last Name').fill('Whitfield-Hughes');
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByTestId('recovery-code').waitFor({ timeout: 180_000 });
  // On to the dashboard inside the app, as keeping the kit does (e2e/harness.ts passRecoveryKit).
  await page.evaluate(() => {
    history.pushState(null, '', '/dashboard');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await page.getByRole('heading', { name: `Welcome, ${FIRST_NAME}` }).waitFor({ timeout: 60_000 });
}

/** Walks the dashboard's profile wizard (SPEC.md §2) to 100% on `page`, at /dashboard. */
export async function completeProfileViaUi(page: Page): Promise<void> {
  const next = () => page.getByRole('button', { name: /^(Save & Continue|Finish Setup)$/ }).click();
  const step = (name: string) => page.locator('#wizard-step-heading', { hasText: name }).waitFor({ timeout: 60_000 });
  await step('Basic Information');
  await page.getByLabel('Birthdate').fill('1951-07-15');
  await page.getByLabel('Emergency Contact Name').fill('Pierre');
  await next();
  await step('What matters most to you?');
  await page.getByRole('button', { name: /Family & Relationships/ }).click();
  await next();
  await step('Your Final Wishes');
  await next();
  await step('Profile Completed!');
  await next();
  await page.getByText('Profile complete. Thank you').waitFor({ timeout: 60_000 });
}

/**
 * Makes `context`'s next page load at `origin` cold, as the issue measures ("HTTP cache and service
 * worker cleared, the device's keys kept"): clears the HTTP cache, unregisters the service worker
 * and empties Cache Storage; IndexedDB, localStorage and cookies stay. Closes every open page first.
 */
export async function makeCold(context: BrowserContext, origin: string): Promise<void> {
  for (const p of context.pages()) await p.close();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await page.close();
}

const gzipSizes = new Map<string, number>();
/** The gzip size (bytes) of a built file: its `.gz` beside it (level 9, as served), else gzipped here. */
function gzipSize(path: string): number {
  let size = gzipSizes.get(path);
  if (size === undefined) {
    const file = join(REPO_ROOT, 'dist', path);
    size = existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`).length : existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
    gzipSizes.set(path, size);
  }
  return size;
}

/** A JavaScript response that came over the network (status 200), with its gzip size in KB. */
export interface ScriptFetch {
  path: string;
  kb: number;
}

/** The scripts among `fetched` (every `.js`/`.mjs` or JavaScript response that came with 200), each with its gzip KB. */
export function scriptsOf(fetched: readonly Fetched[]): ScriptFetch[] {
  return fetched.filter((f) => f.status === 200 && (/\.m?js$/.test(f.path) || /javascript/.test(f.contentType))).map((f) => scriptAt(f.path));
}

/** The built script at `path` ('/assets/x.js') with its gzip KB. */
export const scriptAt = (path: string): ScriptFetch => ({ path, kb: gzipSize(path.replace(/^\//, '')) / 1024 });

/** The total KB of `scripts`. */
export const totalKb = (scripts: readonly ScriptFetch[]) => scripts.reduce((n, s) => n + s.kb, 0);

/** The `n` largest of `scripts` as 'name 12.3' (the hash left out), to say what a figure is made of. */
export function largest(scripts: readonly ScriptFetch[], n = 6): string {
  return [...scripts]
    .sort((a, b) => b.kb - a.kb)
    .slice(0, n)
    .map((s) => `${chunkName(s.path)} ${s.kb.toFixed(1)}`)
    .join(', ');
}

/** '/assets/AppLayout-vTgRZ3eS.js' → 'AppLayout' (the build's hash dropped), for tables that outlive a build. */
export const chunkName = (path: string) => path.replace(/^.*\//, '').replace(/-[\w-]{8}\.m?js$/, '').replace(/\.m?js$/, '');
