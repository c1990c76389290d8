/**
 * A test-only clock for browser tests of release after death (issue #10). Active ONLY when the
 * environment has AFTERWORD_TEST_CLOCK=1; otherwise `testClockFromEnv` returns null and no
 * route exists. When active, the server's clock is the wall clock plus an offset, and
 * `POST /api/test/clock` with `{ "advanceMs": n }` (0 < n ≤ 400 days) moves it forward, runs
 * one release-scheduler pass and answers `{ now }`. Never set it on a real deployment.
 */
import type { ReleaseScheduler } from './scheduler';

export const TEST_CLOCK_ENV = 'AFTERWORD_TEST_CLOCK';
export const TEST_CLOCK_PATH = '/api/test/clock';
const MAX_ADVANCE_MS = 400 * 24 * 60 * 60 * 1000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the server's fetch passes bindings through untouched
type Fetch = (req: Request, ...rest: any[]) => Response | Promise<Response>;

export interface TestClock {
  now: () => number;
  /** Wraps the app's fetch so that POST /api/test/clock is answered before the app sees it. */
  wrap<F extends Fetch>(fetch: F, scheduler: Pick<ReleaseScheduler, 'runOnce'>): F;
}

/** The test clock when `env[AFTERWORD_TEST_CLOCK] === '1'`, else null. */
export function testClockFromEnv(env: NodeJS.ProcessEnv = process.env): TestClock | null {
  if (env[TEST_CLOCK_ENV] !== '1') return null;
  let offset = 0;
  const now = () => Date.now() + offset;
  return {
    now,
    wrap: <F extends Fetch>(fetch: F, scheduler: Pick<ReleaseScheduler, 'runOnce'>) =>
      (async (req: Request, ...rest: unknown[]) => {
      const url = new URL(req.url);
      if (url.pathname !== TEST_CLOCK_PATH) return fetch(req, ...rest);
      if (req.method !== 'POST') return Response.json({ error: 'Not found' }, { status: 404 });
      const body = (await req.json().catch(() => null)) as { advanceMs?: unknown } | null;
      const ms = body?.advanceMs;
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0 || ms > MAX_ADVANCE_MS) {
        return Response.json({ error: 'advanceMs must be a positive number of milliseconds' }, { status: 400 });
      }
      offset += ms;
      await scheduler.runOnce();
      return Response.json({ now: new Date(now()).toISOString() });
    }) as F,
  };
}
