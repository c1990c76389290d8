/**
 * bench/first-sign-in (issue 38 item 5, "one-minute waits"): the first sign-up and the first
 * sign-in on a new device, as a person meets them: the built app served by the real server at the
 * PRODUCTION password cost (scrypt N=2^17; the e2e harness's test cost is not used here), a cold
 * Chromium context each time (no HTTP cache, no service worker installed yet, the KDF worker never
 * started) at 390 px, the form filled as a person does, then the button pressed. Two profiles:
 * loopback at full speed, and a phone (every request of the origin over bench/slow-link.ts,
 * 1.6 Mbps and 150 ms round trips, and Chrome's CPU throttling ×4 on the page).
 *
 * Phases, from the press (ms; negative: before it, while the form was filled and read over): the
 * KDF worker created (the key code and the worker's script had to arrive first), the KDF done (worker ended), the server's answer to register/login (sent → answered),
 * and the first screen ready (the recovery code after a sign-up; "Welcome, <name>" after a sign-in),
 * also counted from the server's answer (what the signed-in app's code and the key session took).
 * Each figure is the median of FIRST_SIGN_IN_RUNS (default 3). Prints a table; no aim (information: the issue measured 62 s for each on a busy machine).
 * Alone: `npx tsx bench/first-sign-in.ts`.
 */
import { loadavg } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, startBuiltApp } from './built-app';
import { slowLink } from './slow-link';

const PROFILES = [
  { name: 'loopback', link: null, cpu: 1 },
  { name: 'phone (1.6 Mbps, 150 ms RTT, CPU ×4)', link: { kbps: 1600, rttMs: 150 }, cpu: 4 },
] as const;
const PASSWORD = 'correct horse battery';
/** Sign-ups and sign-ins per profile (FIRST_SIGN_IN_RUNS, default 3): each figure is their median. */
const RUNS = Number(process.env.FIRST_SIGN_IN_RUNS ?? 3);
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Phases {
  workerStarted: number;
  kdfDone: number;
  serverSent: number;
  serverAnswered: number;
  ready: number;
}

/**
 * Watches `page` from its creation (the KDF worker may start while the form is filled); `press`
 * presses `button` and times the phases (ms from the press; negative: before it) until `ready` resolves.
 */
function watch(page: Page, api: string): { press: (button: string, ready: () => Promise<unknown>) => Promise<Phases> } {
  const at: Partial<Record<keyof Phases, number>> = {};
  const mark = (k: keyof Phases) => (at[k] ??= Date.now());
  page.on('worker', (w) => {
    if (!w.url().includes('kdf.worker')) return;
    mark('workerStarted');
    w.on('close', () => mark('kdfDone'));
  });
  page.on('request', (r) => r.url().endsWith(api) && mark('serverSent'));
  page.on('requestfinished', (r) => r.url().endsWith(api) && mark('serverAnswered'));
  return {
    async press(button, ready) {
      const t0 = Date.now();
      await page.getByRole('button', { name: button }).click();
      try {
        await ready();
      } catch (err) {
        const shown = await page.locator('body').innerText().catch(() => '(page gone)');
        throw new Error(`${button} at ${page.url()}: ${err instanceof Error ? err.message : String(err)}\nThe page showed: ${shown.slice(0, 600)}`);
      }
      mark('ready');
      return Object.fromEntries(Object.entries(at).map(([k, v]) => [k, v - t0])) as unknown as Phases;
    },
  };
}

/** A person reads over what they typed before pressing the button (ms): the page goes on loading meanwhile. */
const READ_OVER_MS = 3_000;

/** A cold 390 px context on `url` with the profile's CPU throttling; its page. */
async function coldPage(browser: Browser, url: string, cpu: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  if (cpu > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: cpu });
  return page;
}

async function signUpThenIn(browser: Browser, url: string, cpu: number, n: number): Promise<{ signUp: Phases; signIn: Phases }> {
  const username = `bench_${Date.now().toString(36)}_${n}`;
  const first = await coldPage(browser, url, cpu);
  const up = watch(first, '/api/auth/register');
  await first.goto('/register');
  await first.getByLabel('First Name').fill('Margaret');
  await first.getByLabel('Last Name').fill('Whitfield-Hughes');
  await first.getByLabel('Email').fill(`${username}@example.com`);
  await first.getByLabel('Username').fill(username);
  await first.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await first.getByLabel('Confirm Password').fill(PASSWORD);
  await first.waitForTimeout(READ_OVER_MS);
  const signUp = await up.press('Create Account', () => first.getByTestId('recovery-code').waitFor({ timeout: 180_000 }));
  await first.context().close();

  const second = await coldPage(browser, url, cpu);
  const inn = watch(second, '/api/auth/login');
  await second.goto('/login');
  await second.getByLabel('Username').fill(username);
  await second.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await second.waitForTimeout(READ_OVER_MS);
  const signIn = await inn.press('Sign In', () => second.getByText('Welcome, Margaret').waitFor({ timeout: 180_000 }));
  await second.context().close();
  return { signUp, signIn };
}

export async function run(): Promise<void> {
  const server = await startBuiltApp(); // production password cost: startChildServer adds no test cost
  const browser = await launchChromium();
  const rows: Record<string, string | number>[] = [];
  try {
    for (const [i, p] of PROFILES.entries()) {
      const link = p.link ? await slowLink(Number(new URL(server.url).port), p.link.kbps, p.link.rttMs) : null;
      // localhost, not 127.0.0.1: a secure context either way; the proxy's own port keeps its origin (and caches) apart.
      const url = link ? `http://localhost:${link.port}` : server.url;
      try {
        const runs: { signUp: Phases; signIn: Phases }[] = [];
        for (let r = 0; r < RUNS; r++) runs.push(await signUpThenIn(browser, url, p.cpu, i * RUNS + r));
        for (const [what, key] of [['first sign-up', 'signUp'], ['first sign-in, new device', 'signIn']] as const) {
          const m = (f: (x: Phases) => number) => Math.round(median(runs.map((run) => f(run[key]))));
          rows.push({
            profile: p.name,
            what,
            'KDF worker started (ms)': m((x) => x.workerStarted),
            'KDF done (ms)': m((x) => x.kdfDone),
            'server (ms)': m((x) => x.serverAnswered - x.serverSent),
            'server answered → first screen (ms)': m((x) => x.ready - x.serverAnswered),
            'first screen ready (ms)': m((x) => x.ready),
          });
        }
      } finally {
        link?.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log(`\nbench/first-sign-in: a cold browser's first sign-up and sign-in, from the press, median of ${RUNS} (production password cost; load average ${loadavg()[0]!.toFixed(1)})`);
  console.table(rows);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
