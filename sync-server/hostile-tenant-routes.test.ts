/**
 * Hostile tenant on every route of the frame (SECURITY.md "Limits": one middleware counts every
 * signed-in request against the account's request budget, every write against its write budget
 * and every response body against its read budget). The routes added after the first limits —
 * the owner's release routes, text history, the live event stream and the default task guide —
 * once answered a flood with 2xx while `/api/documents` answered 429; each family is flooded here
 * over real HTTP (the real app on a real SQLite file) and must stop at the account's budget, while
 * another account is untouched. Then a victim's ordinary day runs alone and beside three attackers
 * on these routes against the server in its own process: its p99 is printed both ways, and it must
 * see no failed request and no lost change.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../shared/limits';
import { startChildLiveServer, startLiveServer, type Account, type LiveServer } from './test/hostile-tenant-support';
import { besideAttackers, dayFigures, storedOf, twentyVersions } from './test/victim-workload';
import { serverBundleOfThisProcess } from './test/server-bundle';

const { requestsPerMinute, writesPerMinute, readBytesPerMinute } = ACCOUNT_LIMITS;
const TOO_MANY_REQUESTS = 'Too many requests in a short time. Please wait a minute and try again.';
const TOO_MANY_WRITES = 'Too many changes in a short time. Please wait a minute and try again.';
const TOO_MUCH_READ = 'Too much data read in a short time. Please wait a minute and try again.';

let s: LiveServer;
let hostile: Account;
let victim: Account;

beforeEach(async () => {
  s = await startLiveServer();
  hostile = await s.register();
  victim = await s.register();
});
afterEach(async () => {
  await s.close();
});

/** Status → how many answers had it. */
type Tally = Record<number, number>;

/**
 * Sends `count` requests made by `send(i)` one after another, reading each body whole; returns how
 * many answered each status and the `error` of the first 429 (with its Retry-After).
 */
async function flood(count: number, send: (i: number) => Promise<Response>): Promise<{ tally: Tally; refusal?: { error: string; retryAfter: string | null } }> {
  const tally: Tally = {};
  let refusal: { error: string; retryAfter: string | null } | undefined;
  for (let i = 0; i < count; i++) {
    const res = await send(i);
    const text = await res.text();
    tally[res.status] = (tally[res.status] ?? 0) + 1;
    if (res.status === 429 && !refusal) refusal = { error: (JSON.parse(text) as { error: string }).error, retryAfter: res.headers.get('Retry-After') };
  }
  return { tally, refusal };
}

describe('hostile tenant: every route family stops at the account budgets (the frame)', () => {
  it('the owner\'s release routes count against the request budget, and their writes against the write budget', async () => {
    // The readiness panel weighs 10 requests (http/account-frame.ts WEIGHTED_ROUTES; http/weighted-reads.test.ts).
    const reads = ['/api/release/settings', '/api/release/status', '/api/release/activity', '/api/release/trustees'];
    const get = await flood(requestsPerMinute + 100, (i) => s.call('GET', reads[i % reads.length]!, undefined, hostile.cookie));
    expect(get.tally).toEqual({ 200: requestsPerMinute, 429: 100 });
    expect(get.refusal).toEqual({ error: TOO_MANY_REQUESTS, retryAfter: expect.stringMatching(/^\d+$/) });
    expect((await s.call('GET', '/api/release/status', undefined, victim.cookie)).status).toBe(200); // another account is untouched

    s.t.advance(60_000); // a new window
    const write = await flood(writesPerMinute + 10, () => s.call('POST', '/api/release/undeliverable/seen', {}, hostile.cookie));
    expect(write.tally).toEqual({ 200: writesPerMinute, 429: 10 });
    expect(write.refusal?.error).toBe(TOO_MANY_WRITES);
    expect((await s.call('POST', '/api/release/undeliverable/seen', {}, victim.cookie)).status).toBe(200);
  });

  it('text history charges the read budget by the bytes it sends (~1.2 MB a call)', { timeout: 60_000 }, async () => {
    await twentyVersions(s, hostile);
    s.t.advance(60_000); // a new window: the pushes' answers were read bytes too
    const path = '/api/sync/history/messages/long/messageContent';
    const first = await s.call('GET', path, undefined, hostile.cookie);
    const size = (await first.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(1_100_000);
    const fit = Math.ceil(readBytesPerMinute / size);
    const { tally, refusal } = await flood(fit + 5, () => s.call('GET', path, undefined, hostile.cookie));
    // Each answer is charged as it is sent and an account past its budget is refused before the
    // next: the budget lets through what it holds, plus at most the answer that crossed it.
    expect(tally).toEqual({ 200: fit - 1, 429: 6 }); // the first call above was one of the `fit`
    expect(refusal?.error).toBe(TOO_MUCH_READ);
    expect((await s.call('GET', '/api/trustees', undefined, victim.cookie)).status).toBe(200);
    s.t.advance(60_000);
    expect((await s.call('GET', path, undefined, hostile.cookie)).status).toBe(200); // the window ended
  });

  it('each opening of the live event stream counts against the request budget', { timeout: 60_000 }, async () => {
    const tally: Tally = {};
    for (let i = 0; i < requestsPerMinute + 5; i++) {
      const res = await s.call('GET', '/api/sync/events', undefined, hostile.cookie);
      tally[res.status] = (tally[res.status] ?? 0) + 1;
      if (res.status === 200) {
        const reader = res.body!.getReader();
        await reader.read(); // the "ready" event
        await reader.cancel();
      } else await res.arrayBuffer();
    }
    expect(tally).toEqual({ 200: requestsPerMinute, 429: 5 });
    const other = await s.call('GET', '/api/sync/events', undefined, victim.cookie);
    expect(other.status).toBe(200);
    await other.body!.cancel();
  });

  it('generating the default task guide counts against the write budget', { timeout: 60_000 }, async () => {
    // Most of the minute's writes spent on ordinary REST writes, then the guide three times.
    const writes = await flood(writesPerMinute - 2, (i) => s.call('PATCH', '/api/user/profile', { firstName: `Name ${i}` }, hostile.cookie));
    expect(writes.tally).toEqual({ 200: writesPerMinute - 2 });
    const guide = await flood(3, () => s.call('POST', '/api/survivor-tasks/generate-defaults', undefined, hostile.cookie));
    expect(guide.tally).toEqual({ 201: 2, 429: 1 });
    expect(guide.refusal?.error).toBe(TOO_MANY_WRITES);
    expect((await s.call('POST', '/api/survivor-tasks/generate-defaults', undefined, victim.cookie)).status).toBe(201);
  });
});

describe('a victim beside attackers on these routes (SECURITY.md "Limits")', () => {
  it('sees no failed request and no lost change, alone and beside three attackers (p99 of each printed)', { timeout: 240_000 }, async () => {
    // The server in its own process on the wall clock, as `npm start` runs it.
    const c = await startChildLiveServer({}, await serverBundleOfThisProcess());
    try {
      const since = Date.now(); // before the attackers' first request: their budget windows open after it
      const attackers = [await c.register(), await c.register(), await c.register()];
      for (const a of attackers) await twentyVersions(c, a);
      const victims: [Account, Account, Account] = [await c.register(), await c.register(), await c.register()];
      const run = await besideAttackers(c, attackers, victims, since);
      console.log(
        `victim alone: ${dayFigures(run.alone)}; beside 3 attackers on history/release/events/generate-defaults: ` +
          `while within their budgets ${dayFigures(run.burst)}, once refused ${dayFigures(run.spent)}`,
        run.statuses,
      );
      const days = [run.alone, run.burst, run.spent] as const;
      for (const [k, day] of days.entries()) {
        if (!day) continue;
        expect(day.failures.slice(0, 5)).toEqual([]);
        const stored = await storedOf(c, victims[k]!);
        expect(stored.names).toEqual(Object.fromEntries(day.names));
        expect(stored.messages).toEqual([...day.messages].sort());
        expect(stored.allEdited).toBe(true);
      }
      // What bounds the victim's latency is asserted, not the latency (it depends on the machine):
      // no attacker got more answers than its request budget, none was a server error.
      for (const a of attackers) expect(run.answered.get(a.id) ?? 0).toBeLessThanOrEqual(requestsPerMinute * run.minutes);
      expect(Object.keys(run.statuses).every((status) => Number(status) < 500)).toBe(true);
    } finally {
      await c.close();
    }
  });
});
