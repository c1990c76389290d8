/**
 * Test support (imported only by *.test.ts): the project's test clock (release/test-clock.ts),
 * driven the way a browser test drives it, through `POST /api/test/clock`, for the pure state
 * machines (sharing/model.ts, sharing/model/emergency.ts) that take `now` as an argument.
 */
import { testClockFromEnv } from '../release/test-clock';

/** A test clock and `advance(ms)`, which moves it through its own route (and fails loudly if refused). */
export function drivenTestClock() {
  const clock = testClockFromEnv({ AFTERWORD_TEST_CLOCK: '1' })!;
  const notFound = async (_req: Request) => Response.json({ error: 'Not found' }, { status: 404 });
  // No scheduler here: a pure machine is stepped by the test itself (nothing ran: all zero).
  const fetch = clock.wrap(notFound, { runOnce: async () => ({ trustees: 0, transitions: 0, deliveries: 0, sent: 0 }) });
  return {
    now: clock.now,
    async advance(ms: number) {
      const res = await fetch(new Request('http://afterword.test/api/test/clock', { method: 'POST', body: JSON.stringify({ advanceMs: ms }) }));
      if (res.status !== 200) throw new Error(`The test clock refused ${ms} ms: ${res.status}`);
    },
  };
}
