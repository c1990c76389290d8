/**
 * What the browser benchmarks share: the built app (dist/, built first when missing) served by the
 * real server as a child process on a free port with a temp DATA_DIR, and a check that a figure
 * meets its aim (a benchmark that misses one makes `npm run bench` fail: issue #20).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { type ChildServer, REPO_ROOT, startChildServer } from '../sync-server/test/child-server';

export const CHROMIUM = '/usr/bin/chromium';

/** Builds dist/ when it has not been built. Throws when the build fails. */
export function ensureBuilt(): void {
  if (existsSync(join(REPO_ROOT, 'dist', 'index.html'))) return;
  const r = spawnSync('npx', ['vite', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

/** The real server serving dist/, ready once GET / answers 200. `.stop()` also deletes its DATA_DIR. */
export async function startBuiltApp(): Promise<ChildServer> {
  ensureBuilt();
  const server = await startChildServer({ ready: async (url) => (await fetch(`${url}/`)).ok, notReadyHint: '(GET / did not answer 200: is dist/ built?)' });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      await rm(server.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers a new account through the API; returns every cookie it set as `name=value` (the
 * session cookie first, then the session hint the app reads at start, then the device cookie).
 */
export async function registerAccount(url: string, username: string): Promise<string[]> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: `${username}@example.com`, username, password: 'correct horse battery' }),
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((line) => line.split(';')[0]!);
}

/** A desktop-sized Chromium context (1280×800) holding `cookies` (from registerAccount) for `url`. */
export async function signedInContext(browser: Browser, url: string, cookies: readonly string[]): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
  await context.addCookies(
    cookies.map((cookie) => {
      const [name, ...rest] = cookie.split('=');
      return { name: name!, value: rest.join('='), url };
    }),
  );
  return context;
}

/** Launches /usr/bin/chromium headless with the flags the browser benchmarks use. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
}

/** Throws, naming each, when some of `misses` (figures under their aims) are present. */
export function failOnMisses(bench: string, misses: readonly string[]): void {
  if (misses.length) throw new Error(`${bench}: ${misses.length} aim(s) missed: ${misses.join('; ')}`);
}
