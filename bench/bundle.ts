/**
 * bench/bundle (issues #8, #20, 41): the JavaScript each first screen fetches, measured as a
 * person's browser fetches it: the built app served by the real server, Chromium in front of it
 * through a logging proxy (bench/network-log.ts), and every script response that crosses the wire
 * until the network is idle counted — the entry, lazy chunks, preloads and prefetches, workers and
 * the service worker's own fetches alike; a script the browser had cached is not fetched, so not
 * counted. Each is counted at its gzip size (the build's `.gz`, as served).
 *
 * Pages: / (landing), /login and /register in a fresh browser; /dashboard signed in, cold (HTTP
 * cache, service worker and its caches cleared; the device's keys and records kept:
 * bench/signed-in-browser.ts), twice: just after sign-up, while the profile wizard shows, and once the
 * profile is complete, each counted from the navigation until its cards and panels show their
 * answers (not 'Loading…') and the network is then idle. Aims (KB of JS gzip up to idle; issue 41, issue #20): landing ≤ 90, login
 * and register ≤ 100, the dashboard ≤ 180 (both). Then what the service worker precaches once the
 * page has been idle (offline, every screen) is printed, not counted: it waits until the person's
 * screen has settled (web/pwa/network-quiet.ts). Also prints every chunk the completed
 * dashboard fetched, and, from the build's manifest, what its screens load on first use.
 * Throws (failing `npm run bench`) when a page is over its aim, when the completed dashboard loads
 * zod, Shamir or react-hook-form before it is idle (NOT_BEFORE_IDLE), or when the landing page fetches a signed-in screen. Alone: `npx tsx bench/bundle.ts` (builds dist/ when it is missing).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { REPO_ROOT } from '../sync-server/test/child-server';
import { failOnMisses, launchChromium, startBuiltApp } from './built-app';
import { type NetworkLog, networkLog } from './network-log';
import { chunkName, completeProfileViaUi, FIRST_NAME, largest, makeCold, type ScriptFetch, scriptAt, scriptsOf, signUpViaUi, totalKb } from './signed-in-browser';
import { controlledByServiceWorker } from '../e2e/service-worker';

/** Aims in KB of JS gzip fetched up to network idle. */
const AIMS = { '/': 90, '/login': 100, '/register': 100, '/dashboard': 180 } as const;

interface Chunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, Chunk>;

/** Every file that loading `keys` fetches from the manifest: the chunks and their static imports. */
function filesLoaded(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

/**
 * Pieces of the dashboard's screens loaded on first use (issue #20, 41), printed with what each adds
 * beyond what the completed dashboard fetched: the wizard, the forms, Radix Select, the menus and
 * dialogs, the upload code, the default tasks, the AI helpers and Shamir (the trustees' kits).
 */
const ON_FIRST_USE = [
  'features/dashboard/ProfileWizard.tsx',
  'ui/SelectRadix.tsx',
  'app/UserMenuDropdown.tsx',
  'app/MobileNavSheet.tsx',
  'features/notifications/NotificationsMenuDropdown.tsx',
  'ui/PasswordPromptDialog.tsx',
  'ui/ConfirmDialog.tsx',
  'pwa/ReauthForm.tsx',
  'files/upload.ts',
  '../shared/sync/default-task-records.ts',
  '../shared/ai/index.ts',
  '../shared/crypto/trustee-kit.ts',
];

/**
 * What the completed dashboard must not fetch before it is idle, each found by a string only its
 * code holds (names do not survive minifying): zod (every schema; issue #20), Shamir
 * (shamir-secret-sharing's own error) and react-hook-form (the name of its context; issue 41).
 */
const NOT_BEFORE_IDLE: readonly (readonly [string, string])[] = [
  ['zod', '$ZodObject'],
  ['Shamir', 'Number is out of Uint8 range'],
  ['react-hook-form', 'HookFormControlContext'],
];

/**
 * Who loads each of `scripts`, from the build's manifest: among the chunks `loaded` fetched too, those
 * that import it statically, and (`import()`) those whose code imports its module lazily; the page's
 * HTML loads the entry. A chunk none names (the service worker's, a worker's) is `?`. For the
 * inventory issue 41 asks of every chunk fetched before idle: its size and why it came.
 */
function importersOf(manifest: Manifest, scripts: readonly ScriptFetch[], loaded: readonly ScriptFetch[] = scripts): string[] {
  const fetched = new Set(loaded.map((s) => s.path));
  const entries = Object.entries(manifest).filter(([, c]) => fetched.has(`/${c.file}`));
  return [...scripts]
    .sort((a, b) => b.kb - a.kb)
    .map((s) => {
      const key = entries.find(([, c]) => `/${c.file}` === s.path)?.[0];
      const by = key === 'index.html' ? ['the page'] : entries.flatMap(([, c]) => {
        if (key !== undefined && c.imports?.includes(key)) return [chunkName(`/${c.file}`)];
        if (key !== undefined && c.dynamicImports?.includes(key)) return [`import() in ${chunkName(`/${c.file}`)}`];
        return [];
      });
      const named = [...new Set(by)];
      return `${chunkName(s.path)} ${s.kb.toFixed(1)} ← ${named.length ? named.slice(0, 4).join(', ') + (named.length > 4 ? ` (+${named.length - 4})` : '') : '?'}`;
    });
}

/** Loads `path` in `page` cold and returns the scripts fetched until the network was idle. */
async function scriptsUntilIdle(log: NetworkLog, load: () => Promise<unknown>): Promise<ScriptFetch[]> {
  log.reset();
  await load();
  await log.idle();
  return scriptsOf(log.fetched);
}

/** / , /login and /register, each in a fresh browser context (nothing cached, signed out). */
async function publicPages(browser: Browser, log: NetworkLog): Promise<Record<string, ScriptFetch[]>> {
  const out: Record<string, ScriptFetch[]> = {};
  for (const path of ['/', '/login', '/register'] as const) {
    const context = await browser.newContext({ baseURL: log.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    out[path] = await scriptsUntilIdle(log, () => page.goto(path));
    await context.close();
  }
  return out;
}

interface DashboardLoads {
  wizard: ScriptFetch[];
  complete: ScriptFetch[];
  /** Scripts the service worker's install fetched after the completed dashboard was idle. */
  precacheAfterIdle: ScriptFetch[];
}

/**
 * Resolves once the dashboard shows all it shows at first: the plan's cards and both panels'
 * answers, not their 'Loading…' notices. Idle is counted from there: on a loaded machine opening
 * the database and the device's snapshot took longer than the quiet that ends a measure, and the
 * panels' helpers (shared/ai) were fetched after it, uncounted.
 */
async function screenSettled(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Recommendations for You' }).waitFor({ timeout: 60_000 });
  for (const loading of ['Loading your plans...', 'Loading recommendations...', 'Loading insights...']) await page.getByText(loading).waitFor({ state: 'hidden', timeout: 60_000 });
}

/** Signs up, then loads /dashboard cold with the wizard showing, completes the profile, loads it cold again. */
async function dashboard(browser: Browser, log: NetworkLog): Promise<DashboardLoads> {
  const context = await browser.newContext({ baseURL: log.url, viewport: { width: 1280, height: 800 } });
  try {
    const first = await context.newPage();
    await signUpViaUi(first, `bench_bundle_${Date.now().toString(36)}`);
    // The page before a cold load settles first: its service worker installed and the binder's cache
    // warmed (after 2 s of quiet), so none of its fetches lands in the next load's count.
    const settle = async (page: Page) => {
      await controlledByServiceWorker(page);
      await log.idle(3_000);
    };
    await settle(first);
    const coldDashboard = async () => {
      await makeCold(context, log.url);
      const page = await context.newPage();
      const scripts = await scriptsUntilIdle(log, async () => {
        await page.goto('/dashboard');
        await page.getByRole('heading', { name: `Welcome, ${FIRST_NAME}` }).waitFor({ timeout: 60_000 });
        await screenSettled(page);
      });
      return { page, scripts };
    };
    const wizard = await coldDashboard();
    await completeProfileViaUi(wizard.page);
    await settle(wizard.page);
    const complete = await coldDashboard();
    const idleAt = log.fetched.length;
    await settle(complete.page); // the service worker registers once the page is idle, then precaches
    return { wizard: wizard.scripts, complete: complete.scripts, precacheAfterIdle: scriptsOf(log.fetched.slice(idleAt)) };
  } finally {
    await context.close();
  }
}

export async function run(): Promise<void> {
  const server = await startBuiltApp();
  const log = await networkLog(Number(new URL(server.url).port));
  const browser = await launchChromium();
  let pages: Record<string, ScriptFetch[]>;
  let dash: DashboardLoads;
  try {
    pages = await publicPages(browser, log);
    console.error(`bench/bundle: public pages measured (${new Date().toISOString()})`);
    dash = await dashboard(browser, log);
    console.error(`bench/bundle: dashboard measured (${new Date().toISOString()})`);
  } finally {
    await log.close();
    await browser.close();
    await server.stop();
  }
  const rows: [string, ScriptFetch[], number][] = [
    ['landing (/)', pages['/']!, AIMS['/']],
    ['login (/login)', pages['/login']!, AIMS['/login']],
    ['register (/register)', pages['/register']!, AIMS['/register']],
    ['dashboard (/dashboard), the wizard showing', dash.wizard, AIMS['/dashboard']],
    ['dashboard (/dashboard), profile complete', dash.complete, AIMS['/dashboard']],
  ];
  const over: string[] = [];
  console.log('\n## bench/bundle (Chromium: JS fetched up to network idle, KB gzip; cold, service worker included)');
  console.log('| page | scripts | JS | aim | largest (KB gzip) |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const [page, scripts, aim] of rows) {
    const kb = totalKb(scripts);
    if (kb > aim) over.push(`${page} ${kb.toFixed(1)} KB > ${aim} KB`);
    console.log(`| ${page} | ${scripts.length} | ${kb.toFixed(1)} KB | ≤ ${aim} KB ${kb <= aim ? 'ok' : 'OVER'} | ${largest(scripts)} |`);
  }
  const pre = dash.precacheAfterIdle;
  console.log(`then, once idle, the service worker precached ${pre.length} more scripts, ${totalKb(pre).toFixed(1)} KB (every screen offline; not counted above)`);
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'dist', '.vite', 'manifest.json'), 'utf8')) as Manifest;
  console.log(`the completed dashboard fetched (KB gzip ← what imports it): ${importersOf(manifest, dash.complete).join('; ')}`);
  const beyond = dash.wizard.filter((w) => !dash.complete.some((c) => c.path === w.path));
  console.log(`with the wizard showing, also: ${importersOf(manifest, beyond, dash.wizard).join('; ')}`);
  const fetched = new Set(dash.complete.map((s) => s.path));
  const extra = ON_FIRST_USE.filter((k) => manifest[k]).map((k) => {
    const more = [...filesLoaded(manifest, [k])].filter((f) => !fetched.has(f));
    return `${k.replace(/^.*\//, '').replace(/\.tsx?$/, '')} +${totalKb(more.map(scriptAt)).toFixed(1)}`;
  });
  console.log(`the dashboard's screens load on first use (KB JS gzip beyond what it fetched): ${extra.join(', ')}`);
  // zod (and so every schema) is for writing and syncing, not for painting (issue #20): a script the
  // completed dashboard fetched up to idle that holds zod's object schema fails the bench.
  // Likewise the libraries of screens and dialogs the dashboard does not show (issue 41): Shamir (the
  // trustees' kits, emergency access) and react-hook-form (the forms; the wizard's, when it shows).
  for (const [what, marker] of NOT_BEFORE_IDLE) {
    const holding = dash.complete.filter((s) => s.path.startsWith('/assets/') && readFileSync(join(REPO_ROOT, 'dist', s.path), 'utf8').includes(marker)).map((s) => chunkName(s.path));
    console.log(holding.length ? `the dashboard loads ${what} before it is idle: ${holding.join(', ')}` : `the dashboard loads no ${what} before it is idle`);
    if (holding.length) over.push(`the dashboard loads ${what} before it is idle (${holding.join(', ')})`);
  }
  const landing = new Set(pages['/']!.map((s) => s.path));
  const leaked = Object.keys(manifest).filter((k) => k.startsWith('features/') && !/landing|auth|not-found|static-pages/.test(k) && landing.has(`/${manifest[k]!.file}`));
  console.log(leaked.length ? `signed-in screens fetched by the landing page: ${leaked.join(', ')}` : 'the landing page fetches no signed-in screen');
  if (leaked.length) over.push('the landing page fetches signed-in screens');
  failOnMisses('bench/bundle', over);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
