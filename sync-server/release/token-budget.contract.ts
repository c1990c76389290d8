/**
 * Issue 40 item 1: a released account's public token routes are under its owner's budgets. An owner
 * who is their own full-access trustee (a 1-of-1 kit, or simply naming themselves) fills the
 * account, is released, and fetches `GET /api/trustee/access/:token/data` in a loop from one
 * address: every byte it is sent is charged to the owner's `readBytesPerMinute`, so past it the
 * answer is the frame's 429 in its usual words, and a victim's ordinary day beside the loop sees
 * every request succeed. The answer is built once until the account's next write (a counted build).
 * The real app over HTTP, on each engine: `make(env)` builds a TestApp with `env` added and `close`
 * ends what it opened besides (token-budget.test.ts: SQLite; pg-token-budget.test.ts: PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../test/test-support';
import { startLiveServer, taskFields, type LiveServer } from '../test/hostile-tenant-support';
import { victimDay, victimFile } from '../test/victim-workload';
import { linkOf, ownerOn, releaseOwnAccount, type Owner } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';

const TOO_MUCH_READ = 'Too much data read in a short time. Please wait a minute and try again.';
const READ_BUDGET = 3 * 1024 * 1024;

/** What the suite runs on: a TestApp of the engine with `env` added, and what else ends with it. */
export type MakeApp = (env: Record<string, string>) => Promise<TestApp & { close?: () => Promise<void> }>;

/** The suite on one engine (`name` in its title). */
export function tokenBudgetContract(name: string, make: MakeApp): void {
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** A released self-trustee on a live server whose read budget is READ_BUDGET, with ~1 MB of tasks (16 of 60 KB); its /data path. */
async function releasedSelfTrustee(): Promise<{ s: LiveServer; o: Owner; data: string }> {
  const t = await make({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test', AFTERWORD_LIMITS: JSON.stringify({ readBytesPerMinute: READ_BUDGET }) });
  const live = await startLiveServer(t);
  const s: LiveServer = { ...live, close: async () => (await live.close(), await t.close?.()) };
  const o = await ownerOn(t);
  for (let push = 0; push < 2; push++) {
    const changes = Array.from({ length: 8 }, (_, i) => ({ collection: 'survivorTasks', id: `big${push * 8 + i}`, hlc: s.hlc(push * 8 + i + 1, 'dev1'), fields: taskFields(15, 4000) }));
    expect((await s.sync({ id: o.userId, cookie: o.cookie }, changes)).rejected).toEqual([]);
  }
  await releaseOwnAccount(o, smtp);
  const access = linkOf(await smtp.waitFor(o.addr('self'), /What Ada left for you/));
  const token = new URL(access).pathname.split('/').pop()!;
  t.advance(61_000); // a new minute: the owner's own requests so far are not what is measured
  return { s, o, data: `/api/trustee/access/${token}/data` };
}

describe(`a released account's token routes are charged to its owner (issue 40, item 1): ${name}`, () => {
  it('the trustee page\'s data stops at the owner\'s read budget with the usual words, and a victim beside the loop is served', { timeout: 120_000 }, async () => {
    const { s, o, data } = await releasedSelfTrustee();
    try {
      const first = await s.call('GET', data);
      expect(first.status).toBe(200);
      const size = (await first.arrayBuffer()).byteLength;
      expect(size).toBeGreaterThan(900_000);
      // One address loops on the page's data: the budget lets through what it holds, plus at most
      // the answer that crossed it; then 429 in the frame's words, with Retry-After.
      const fit = Math.ceil(READ_BUDGET / size);
      const statuses: number[] = [];
      let refusal: { error: string; retryAfter: string | null } | undefined;
      for (let i = 0; i < fit + 5; i++) {
        const res = await s.call('GET', data);
        const text = await res.text();
        statuses.push(res.status);
        if (res.status === 429 && !refusal) refusal = { error: (JSON.parse(text) as { error: string }).error, retryAfter: res.headers.get('Retry-After') };
      }
      expect(statuses.filter((x) => x === 200)).toHaveLength(fit - 1); // the first call above was one of the `fit`
      expect(statuses.filter((x) => x === 429)).toHaveLength(6);
      expect(refusal).toEqual({ error: TOO_MUCH_READ, retryAfter: expect.stringMatching(/^\d+$/) });
      // Every other read route of the link is refused as well, before it builds anything.
      const link = data.replace(/\/data$/, '');
      for (const [method, path] of [['GET', link], ['GET', `${link}/binder.pdf`], ['POST', `${link}/tasks/big0`]] as const) {
        const res = await s.call(method, path);
        expect(res.status, `${method} ${path}`).toBe(429);
        expect(((await res.json()) as { error: string }).error).toBe(TOO_MUCH_READ);
      }
      // It is the owner's budget that was spent: their own signed-in reads are refused too.
      expect((await s.call('GET', '/api/trustees', undefined, o.cookie)).status).toBe(429);

      // A victim's ordinary day beside the same loop: every one of its requests succeeds.
      const victim = await s.register();
      const chunk = await victimFile(s, victim);
      let stop = false;
      const attackStatuses: Record<number, number> = {};
      const attack = (async () => {
        while (!stop) {
          const res = await s.call('GET', data);
          await res.arrayBuffer();
          attackStatuses[res.status] = (attackStatuses[res.status] ?? 0) + 1;
        }
      })();
      const day = await victimDay(s, victim, 12, { chunk }).finally(() => {
        stop = true;
      });
      await attack;
      expect(day.failures).toEqual([]);
      expect(Object.keys(attackStatuses)).toEqual(['429']);
      s.t.advance(10 * 60_000); // the owner's minute and the address's 10 minutes (120 link requests) ended
      expect((await s.call('GET', data)).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('the answer is built once until the account\'s next write, and then shows that write', { timeout: 120_000 }, async () => {
    const { s, o, data } = await releasedSelfTrustee();
    try {
      const pages = s.t.services.trusteePages;
      const before = pages.builds;
      const a = await (await s.call('GET', data)).json();
      const b = await (await s.call('GET', data)).json();
      expect(pages.builds).toBe(before + 1);
      expect(b).toEqual(a);
      expect(pages.bytes).toBeLessThanOrEqual(pages.maxBytes); // the kept answers are bounded
      await s.t.services.records.write(o.userId, 'survivorTasks', 'big0', { title: 'Close the bank account today' });
      s.t.advance(61_000); // a new minute of the owner's read budget (two answers spent most of it)
      const c = (await (await s.call('GET', data)).json()) as { tasks: { id: string; title: string }[] };
      expect(pages.builds).toBe(before + 2);
      expect(c.tasks.find((x) => x.id === 'big0')?.title).toBe('Close the bank account today');
      s.t.advance(61_000);
      const d = (await (await s.call('GET', data)).json()) as { now: string };
      expect(pages.builds).toBe(before + 2);
      expect(d.now).toBe(new Date(s.t.deps.now()).toISOString()); // the page's clock is each answer's own
    } finally {
      await s.close();
    }
  });
});
}
