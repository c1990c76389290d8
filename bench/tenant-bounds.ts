/**
 * bench/tenant-bounds (issue 40 items 1 and 2; SECURITY.md "Limits"), run by bench/tenants.ts: the
 * real server in a child process and a victim's ordinary day (sync-server/victim-workload.ts, with a
 * file chunk read each round) alone, then beside each attack, each victim a fresh account:
 * - "released self-trustee": an owner who is their own full-access trustee fills the account
 *   (BENCH_TENANT_MB, default 45 MB of survivor tasks), is released (the test clock moves the
 *   waiting period on), and fetches the trustee page's data in a loop from two connections;
 * - "key setup": four accounts that already have keys post `POST /api/keys/setup` in a loop, on a
 *   server hashing at production cost (scrypt N = 2^17).
 * Prints the victim's p50 and p99 alone and beside each attacker, their ratio (aim: under 2), and
 * what the attackers were answered. Throws when a victim request failed; times are printed, not judged.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startChildLiveServer, restTrustee, taskFields, type Account, type LiveClient } from '../sync-server/test/hostile-tenant-support';
import { makeDeviceKeys } from '../sync-server/test/test-keys';
import { parseEmail } from '../sync-server/test/smtp-test-server';
import { DAY_MS } from '../sync-server/release/state-machine';
import { newUser, cookieOf } from '../sync-server/test/test-support';
import { victimDay, victimFile, type VictimDay } from '../sync-server/test/victim-workload';

const p50 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor((ms.length - 1) / 2)] ?? 0;

/** One printed row: the victim's figures beside an attack. */
interface Row {
  attack: string;
  'alone p50 ms': string;
  'alone p99 ms': string;
  'beside p50 ms': string;
  'beside p99 ms': string;
  'p99 ratio': string;
  'victim failed': number;
  attacker: string;
}

/** The paths of every link the server's outbox (DATA_DIR/outbox, no SMTP_URL) holds that match `re`. */
function outboxLinks(dataDir: string, re: RegExp): string[] {
  const dir = join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.flatMap((f) => parseEmail(readFileSync(join(dir, f), 'utf8'), []).links.map((l) => new URL(l).pathname).filter((p) => re.test(p)));
}

/** Moves the child's test clock on by `ms` (one scheduler pass), then waits up to 5 s for a link matching `re` in its outbox. */
async function advanceUntil(c: LiveClient & { dataDir: string }, ms: number, re: RegExp): Promise<string | null> {
  const res = await c.call('POST', '/api/test/clock', { advanceMs: ms });
  if (res.status !== 200) throw new Error(`test clock: ${res.status} ${await res.text()}`);
  for (let i = 0; i < 50; i++) {
    const found = outboxLinks(c.dataDir, re)[0];
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

/** A released self-trustee holding `mb` MB of tasks on `c`; the path of its trustee page's data. */
async function releasedSelfTrustee(c: LiveClient & { dataDir: string }, mb: number): Promise<string> {
  const owner = await c.register();
  for (let push = 0; push * 16 * 61_000 < mb * 1_000_000; push++) {
    const changes = Array.from({ length: 16 }, (_, i) => ({ collection: 'survivorTasks', id: `t${push}_${i}`, hlc: c.hlc(push * 16 + i + 1), fields: taskFields(15, 4000) }));
    const res = await c.sync(owner, changes);
    if (res.rejected.length > 0) throw new Error(`fill: ${JSON.stringify(res.rejected[0]).slice(0, 200)}`);
  }
  const added = await c.call('POST', '/api/trustees', restTrustee('Self', 'self-bench@example.com'), owner.cookie);
  if (added.status !== 201) throw new Error(`trustee: ${added.status}`);
  const invite = await advanceUntil(c, 1_000, /^\/api\/trustee\/invite\//);
  if (!invite || (await c.call('POST', invite)).status !== 200) throw new Error('the invitation was not accepted');
  const report = await advanceUntil(c, 1_000, /^\/api\/trustee\/report\//);
  if (!report) throw new Error('no report link');
  const reported = await fetch(`${c.base}${report}`, { method: 'POST', body: new URLSearchParams({ confirmed: 'yes' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  if (reported.status !== 200) throw new Error(`report: ${reported.status}`);
  for (let day = 0; day < 40; day++) {
    const access = await advanceUntil(c, DAY_MS, /^\/api\/trustee\/access\/[^/]+$/);
    if (access) return `${access}/data`;
  }
  throw new Error('not released within 40 days');
}

/** Four accounts with keys (each set up once) on `c`, and the body each posts again. */
async function accountsWithKeys(c: LiveClient): Promise<{ a: Account; body: unknown }[]> {
  const out = [];
  for (let i = 0; i < 4; i++) {
    const user = newUser();
    const res = await c.call('POST', '/api/auth/register', user);
    if (res.status !== 201) throw new Error(`register: ${res.status}`);
    const a = { id: ((await res.json()) as { id: string }).id, cookie: cookieOf(res) };
    const dk = await makeDeviceKeys(a.id, user.password);
    if ((await c.call('POST', '/api/keys/setup', dk.body, a.cookie)).status !== 201) throw new Error('key setup');
    out.push({ a, body: dk.body });
  }
  return out;
}

/** The victim's day alone, then beside `attack` (each loop repeats `attack.send` until the day ends); the row. */
async function beside(c: LiveClient, name: string, loops: (() => Promise<Response>)[]): Promise<{ row: Row; days: VictimDay[] }> {
  const day = async () => {
    const v = await c.register();
    return victimDay(c, v, 36, { chunk: await victimFile(c, v) });
  };
  const alone = await day();
  let stop = false;
  const statuses: Record<number, number> = {};
  let bytes = 0;
  const running = loops.map(async (send) => {
    while (!stop) {
      const res = await send();
      const n = (await res.arrayBuffer()).byteLength; // read before adding: `bytes +=` would read `bytes` before the await
      bytes += n;
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
  });
  let near: VictimDay;
  try {
    near = await day();
  } finally {
    stop = true;
    await Promise.all(running);
  }
  const row: Row = {
    attack: name,
    'alone p50 ms': p50(alone.latencies).toFixed(1),
    'alone p99 ms': alone.p99.toFixed(1),
    'beside p50 ms': p50(near.latencies).toFixed(1),
    'beside p99 ms': near.p99.toFixed(1),
    'p99 ratio': (near.p99 / alone.p99).toFixed(2),
    'victim failed': alone.failures.length + near.failures.length,
    attacker: `${JSON.stringify(statuses)}, ${(bytes / 1024 / 1024).toFixed(1)} MiB received`,
  };
  return { row, days: [alone, near] };
}

/** Runs both attacks, prints the table; throws when a victim's request failed. */
export async function runBounds(): Promise<void> {
  const rows: Row[] = [];
  const failed: string[] = [];
  const mb = Number(process.env.BENCH_TENANT_MB ?? 45);
  const released = await startChildLiveServer({ AFTERWORD_TEST_CLOCK: '1', AFTERWORD_TEST_SCRYPT_N: '1024' });
  try {
    const data = await releasedSelfTrustee(released, mb);
    const first = await released.call('GET', data);
    const size = (await first.arrayBuffer()).byteLength;
    const { row, days } = await beside(released, `released self-trustee's /data (${(size / 1024 / 1024).toFixed(1)} MiB an answer), 2 loops`, [
      () => released.call('GET', data),
      () => released.call('GET', data),
    ]);
    rows.push(row);
    for (const d of days) failed.push(...d.failures.slice(0, 3));
  } finally {
    await released.close();
  }
  const production = await startChildLiveServer(); // scrypt at production cost
  try {
    const attackers = await accountsWithKeys(production);
    const { row, days } = await beside(
      production,
      'key setup on accounts that have keys (scrypt N = 2^17), 4 accounts',
      attackers.map(({ a, body }) => () => production.call('POST', '/api/keys/setup', body, a.cookie)),
    );
    rows.push(row);
    for (const d of days) failed.push(...d.failures.slice(0, 3));
  } finally {
    await production.close();
  }
  console.log("\nbench/tenants (issue 40): a victim's day (with a file chunk each round) alone and beside each attacker");
  console.table(rows);
  if (failed.length > 0) throw new Error(`bench/tenant-bounds: victim requests failed: ${failed.join('; ')}`);
}
