/**
 * The shared browser-test harness (brief "Tests"): starts the real server on a free port with a
 * temp DATA_DIR (serving the already built dist/; `npm run test:e2e` builds first), launches
 * Debian's Chromium through playwright-core, and offers the helpers every e2e test needs.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Download, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { REPO_ROOT, TEST_PASSWORD_COST_ENV, freePort, startChildServer } from '../sync-server/test/child-server';
import { startTestSmtp, type TestSmtp } from '../sync-server/test/smtp-test-server';

export { REPO_ROOT };
import { CHROMIUM_PATH, chromiumArgs } from './chromium';
import { watchContext } from './page-journal';
import { controlledByServiceWorker } from './service-worker';

export { CHROMIUM_PATH };
const INSTALL_HINT = 'Install Chromium to run the browser tests: apt-get install -y chromium';

/**
 * True when Chromium is installed. Missing in CI (CI=true) is an error; elsewhere the browser
 * tests are skipped (`describe.skipIf(!hasChromium)`) with a console message saying how to install it.
 */
export const hasChromium: boolean = (() => {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env.CI === 'true') throw new Error(`${CHROMIUM_PATH} not found. ${INSTALL_HINT}`);
  console.warn(`Skipping browser tests: ${CHROMIUM_PATH} not found. ${INSTALL_HINT}`);
  return false;
})();

/** Viewports every screen must work at (brief: 390 px phones and desktop). */
export const MOBILE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

export interface TestServer {
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  dataDir: string;
  /** The server's log (stdout and stderr) so far. */
  output: () => string;
  /** SIGTERM, wait for exit, delete DATA_DIR. */
  stop: () => Promise<void>;
  /** SIGKILL (a crash), wait for exit; DATA_DIR is kept for a restart. */
  kill: () => Promise<void>;
}

export { freePort };

/**
 * Starts the real server (sync-server/child-server.ts) and resolves once GET / answers 200, i.e.
 * the built dist/ is served, with password hashes at the test cost (TEST_PASSWORD_COST_ENV: the
 * browser tests sign up and in often). Options: `env` (extra environment), `dataDir` (reuse one, e.g. after
 * kill()). Throws when the server exits or is not up within `timeoutMs` (120 s: a bound for a starved
 * machine, where a start took over 30 s at load 30; a quick one is up in about a second), with its output.
 */
export async function startServer(opts: { env?: Record<string, string>; dataDir?: string; timeoutMs?: number } = {}): Promise<TestServer> {
  const server = await startChildServer({
    ...opts,
    entry: inject('serverBundle') || undefined, // bundled once for the run (browser-global-setup.ts)
    timeoutMs: opts.timeoutMs ?? 120_000,
    env: { ...TEST_PASSWORD_COST_ENV, ...opts.env },
    dataDir: opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'afterword-e2e-'))),
    ready: async (url) => (await fetch(`${url}/`)).ok,
    notReadyHint: '(GET / did not answer 200: is dist/ built?)',
  });
  return {
    url: server.url,
    dataDir: server.dataDir,
    output: server.output,
    stop: async () => {
      await server.stop();
      await rm(server.dataDir, { recursive: true, force: true });
      await rm(`${server.dataDir}.release-key`, { force: true }); // beside DATA_DIR (escrow/release-key.ts)
    },
    kill: server.kill,
  };
}

/**
 * Registers beforeAll/afterAll hooks for the enclosing describe block: the real server (a fresh
 * DATA_DIR, `opts` passed to startServer) and Chromium. Returns an object whose `server` and
 * `browser` are set once the hooks have run; use them inside tests.
 */
export function useBrowserSuite(
  opts: Parameters<typeof startServer>[0] & { browser?: LaunchOptions } = {},
): { server: TestServer; browser: Browser } {
  const suite = {} as { server: TestServer; browser: Browser };
  const { browser, ...serverOpts } = opts;
  beforeAll(async () => {
    suite.server = await startServer(serverOpts);
    suite.browser = await launchBrowser(browser);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
}

/**
 * useBrowserSuite with an SMTP server on loopback (sync-server/release/smtp-test-server.ts) that the
 * server sends through (`SMTP_URL`, before `env`'s other variables): for the tests of e-mails,
 * release and reset. Returns the suite; its `smtp`, `server` and `browser` are set once the hooks ran.
 */
export function useMailSuite(env: Record<string, string> = {}, browser: LaunchOptions = {}): { server: TestServer; browser: Browser; smtp: TestSmtp } {
  const suite = {} as { server: TestServer; browser: Browser; smtp: TestSmtp };
  beforeAll(async () => {
    suite.smtp = await startTestSmtp();
    suite.server = await startServer({ env: { SMTP_URL: suite.smtp.url, ...env } });
    suite.browser = await launchBrowser(browser);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.smtp?.close();
  });
  return suite;
}

/**
 * expect.poll that waits for the event a test needs, however long a starved machine takes:
 * `poll(() => page.getByText('Saved').isVisible()).toBe(true)`. It returns as soon as the value
 * matches, so the default bound (60 s, was 10 s: issue 41's runs at load 10 ran past it) only
 * decides how soon a test that will fail says so, never how fast a passing one must be. It looks
 * every 100 ms, as the project's expect.poll does (vitest.config.ts): at 250 ms a wait that did
 * not match at once ended on average 125 ms after its event (issue 41, CI time), where a look is
 * one DevTools round trip of a few milliseconds.
 */
export const poll = <T>(fn: () => T | Promise<T>, timeout = 60_000) => expect.poll(fn, { timeout, interval: 100 });

export interface LaunchOptions {
  /**
   * A fake camera and microphone that need no permission prompt (issue #17: recording in the
   * Message Vault): `--use-fake-device-for-media-stream --use-fake-ui-for-media-stream`.
   */
  fakeMedia?: boolean;
  /**
   * 'block': this browser's contexts have no service worker, whose install (the app shell's
   * precache) is ~2.6 s of CPU per context (issue 41). Only where no test goes offline or looks at
   * a worker (the app's, or the release pages' stream), or where each context that does is made
   * with `serviceWorkers: 'allow'` (ContextWorkers); goOffline refuses a context without one.
   */
  serviceWorkers?: 'block';
}

/** Contexts made without the service worker (LaunchOptions.serviceWorkers), which goOffline refuses. */
const withoutWorker = new WeakSet<BrowserContext>();

/**
 * The browser for a test file: a connection to the run's shared Chromium (browser-global-setup.ts;
 * closing it closes this file's contexts only), or a Chromium of its own with `opts` (see
 * LaunchOptions) or when no shared one runs. Flags: the brief's (chromium.ts).
 */
export async function launchBrowser(opts: LaunchOptions = {}): Promise<Browser> {
  const shared = inject('chromiumWsEndpoint');
  const browser = shared && !opts.fakeMedia ? await chromium.connect(shared) : await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs(opts) });
  return withWaitBound(browser, opts.serviceWorkers);
}

/**
 * How long Playwright waits for an element, a navigation or an action when a test gives no
 * timeout: 90 s, not Playwright's 30 s. Each such wait returns at its event; the bound only decides
 * how soon a failing test says so, and at load 10-30 a sign-up (Argon2id in the page) with its
 * redirect took longer than 30 s (issue 41). Explicit timeouts are kept.
 */
export const WAIT_BOUND_MS = 90_000;

/** `browser` whose every new context (newContext, newPage) waits up to WAIT_BOUND_MS by default, keeps a journal (page-journal.ts) and, with `workers` 'block', has no service worker unless its options say. */
function withWaitBound(browser: Browser, workers?: 'block'): Browser {
  const blocks = (options?: { serviceWorkers?: 'allow' | 'block' }) => (options?.serviceWorkers ?? workers) === 'block';
  const bound = (context: BrowserContext, blocked: boolean) => {
    if (blocked) withoutWorker.add(context);
    context.setDefaultTimeout(WAIT_BOUND_MS);
    watchContext(context); // for the report of a failing test (failure-report.ts)
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({ ...options, serviceWorkers: blocks(options) ? 'block' : 'allow' });
    bound(context, blocks(options));
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage({ ...options, serviceWorkers: blocks(options) ? 'block' : 'allow' });
    bound(page.context(), blocks(options));
    return page;
  };
  return browser;
}

/**
 * The bytes of a finished download. Read through its stream: `download.path()` is not available
 * on a browser the test is connected to (the run's shared Chromium, browser-global-setup.ts).
 */
export async function downloadedBytes(download: Download): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}

/** Whether a context has the app's service worker: 'block' (LaunchOptions), or 'allow' in a file whose browser blocks it by default. */
export type ContextWorkers = { serviceWorkers?: 'allow' | 'block' };

/** A fresh context (own cookies and storage) at phone size: 390×844, touch, mobile; `extra`: its time zone, or its service worker (ContextWorkers). */
export function mobileContext(browser: Browser, baseURL?: string, extra: { timezoneId?: string } & ContextWorkers = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: MOBILE, isMobile: true, hasTouch: true, deviceScaleFactor: 2, ...extra });
}

/** A fresh context (own cookies and storage) at desktop size: 1280×800; `extra`: its service worker (ContextWorkers). */
export function desktopContext(browser: Browser, baseURL?: string, extra: ContextWorkers = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: DESKTOP, ...extra });
}

/** The two screens every page is checked at (the project's rule: 390 px and a desktop), with a context maker each. */
export const SCREEN_SIZES = [
  ['390 px', mobileContext],
  ['1280 px', desktopContext],
] as const;

/** Re-exported for the browser tests, which take their helpers from here. */
export { controlledByServiceWorker };

const AXE_PATH = join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string; any: { data: unknown }[] }[];
}

/**
 * Resolves once no finite CSS transition or animation is running or pending on the page
 * (`document.getAnimations()`), rounds until none is left, since one ending may start another.
 * Endless ones (a spinner's `animate-spin`) never finish and are not waited for. Used before axe:
 * a colour mid-transition (a button changing variant as its data loads, 150 ms) is a mix of two
 * colours that can fail color-contrast though neither end does.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = (a: Animation) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity));
    for (;;) {
      const running = document.getAnimations().filter((a) => (a.playState === 'running' || a.pending) && finite(a));
      if (running.length === 0) return;
      await Promise.allSettled(running.map((a) => a.finished)); // rejects when cancelled: settled either way
    }
  });
}

/**
 * Runs axe-core on the page, once its transitions and animations have ended (animationsSettled),
 * and fails the test listing every violation whose impact is serious or critical (brief: every
 * screen passes axe with none). `label` names the screen; `within` (a CSS selector) checks only that
 * part, for an open menu or popover: Radix hides the rest of the page from assistive technology
 * while it is open, which axe reports on the hidden page (aria-hidden-focus), not on the menu.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url(), within?: string): Promise<void> {
  await animationsSettled(page);
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Evaluated through the DevTools protocol, not a <script> tag: the app's CSP (script-src 'self')
  // rightly blocks inline scripts, and the test should not weaken it.
  if (!hasAxe) await page.evaluate(await readFile(AXE_PATH, 'utf8'));
  const violations = await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document | { include: string[] }, options: { resultTypes: string[] }) => Promise<{ violations: AxeViolation[] }> } }).axe;
    // Only violations are read: axe then describes every node of those alone, one node of each other
    // rule (`resultTypes`; every rule still runs on every node). The upload dialog, 10 runs each at
    // load ~12: 592 ms a run with every result type, 378 ms with violations only (issue 41, CI time).
    const result = await axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      // The check's data names the colours and ratio of a contrast failure (fgColor, bgColor, contrastRatio).
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary, data: n.any.map((c) => c.data) })),
    }));
  }, within);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)} ${n.html}\n    ${n.failureSummary ?? ''} ${JSON.stringify(n.data)}`).join('\n')}`)
    .join('\n');
  expect(serious, `axe violations on ${label}:\n${report}`).toEqual([]);
}

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

let counter = 0;
/** A user no other test has registered (unique username and email). */
export function uniqueUser(firstName = 'Ada'): TestUser {
  const tag = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName,
    lastName: 'Lovelace',
    email: `ada.${tag}@example.com`,
    username: `ada_${tag}`,
    password: 'correct horse battery',
  };
}

/** Fills the register form at /register (navigating there if needed) and submits it. */
export async function registerViaUi(page: Page, user: TestUser): Promise<string> {
  if (!new URL(page.url()).pathname.startsWith('/register')) await page.goto('/register');
  await page.getByLabel('First Name').fill(user.firstName);
  await page.getByLabel('Last Name').fill(user.lastName);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  return passRecoveryKit(page);
}

/**
 * After registration (and an older account's first sign-in with keys) the app shows the
 * recovery kit at /recovery-kit (web/features/keys/recovery-kit-store.ts); this reads its code (returned) and goes on to the
 * dashboard inside the app (no reload: the toasts stay), as keeping the kit does. Tests of the
 * kit itself use its page instead.
 */
export async function passRecoveryKit(page: Page): Promise<string> {
  await page.waitForURL('**/recovery-kit', { timeout: WAIT_BOUND_MS });
  // The code as the kit shows it, group by group (returned: a canary for scans of the server).
  await page.getByTestId('recovery-code').waitFor();
  // Each group's own text (its aria-label, "Group 1: A B C D E", is in the page's language: keys.kit.group).
  const groups = await page.getByTestId('recovery-code').locator('span').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  await page.evaluate(() => {
    history.pushState(null, '', '/dashboard');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  return groups.map((g) => g.trim()).join('-');
}

/**
 * An account without keys, as scripts and today's REST API make it (`POST /api/auth/register` with
 * a password): its words stay plain on the server, so a test about something else (readiness, a
 * reset) can write them by REST. Signed in in `context` by the registration's cookie (an upgrade
 * through the app, upgradeViaUi, would give it keys and seal it: e2e/seal-existing.test.ts); opens `path`.
 */
export async function keylessAccountPage(context: BrowserContext, baseURL: string, path: string, who = 'Grace'): Promise<{ page: Page; user: TestUser }> {
  const user = uniqueUser(who);
  const res = await context.request.post(`${baseURL}/api/auth/register`, {
    data: { username: user.username, password: user.password, firstName: user.firstName, lastName: user.lastName, email: user.email },
    headers: { Origin: baseURL },
  });
  if (res.status() !== 201) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const page = await context.newPage();
  await page.goto(path);
  return { page, user };
}

/**
 * Upgrades an account made before keys on the deliberate page /upgrade-account (the normal sign-in
 * form refuses such an account: web/features/keys/sign-in.ts), then the recovery kit follows.
 */
export async function upgradeViaUi(page: Page, user: Pick<TestUser, 'username' | 'password'>): Promise<void> {
  await page.goto('/upgrade-account');
  await page.getByRole('heading', { name: 'Upgrade an older account' }).waitFor();
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Upgrade my account' }).click();
}

/** Fills the login form at /login (navigating there if needed) and submits it. */
export async function loginViaUi(page: Page, user: Pick<TestUser, 'username' | 'password'>): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Takes `context` offline the way a person's device does after using the app once: first waits
 * until every page of it is controlled by the service worker, which has then precached the app (a first visit gone offline sooner is its own test, e2e/first-use.test.ts).
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  if (withoutWorker.has(context)) throw new Error('goOffline: this context has no service worker (LaunchOptions.serviceWorkers), so the app cannot open offline in it');
  for (const page of context.pages()) await controlledByServiceWorker(page);
  await context.setOffline(true);
}


/** `link` (e-mailed or printed, naming the server's public address) pointed at `serverUrl`, its path, query and fragment kept. */
export function onServer(serverUrl: string, link: string): string {
  const u = new URL(link);
  return `${serverUrl}${u.pathname}${u.search}${u.hash}`;
}

/** Moves the test server's clock (AFTERWORD_TEST_CLOCK=1) on by `ms` and runs one scheduler pass; expects 200. */
export async function advanceServerClock(serverUrl: string, ms: number): Promise<void> {
  const res = await fetch(`${serverUrl}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: ms }) });
  expect(res.status).toBe(200);
}

/** The release phase and confirmations a kit link's public info shows (`GET /api/kit/:token`). */
export async function kitStateOf(serverUrl: string, link: string): Promise<{ phase: string; confirmations: number }> {
  return (await (await fetch(`${serverUrl}/api/kit/${new URL(link).pathname.split('/')[2]}`)).json()) as { phase: string; confirmations: number };
}
