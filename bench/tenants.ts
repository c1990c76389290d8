/**
 * bench/tenants (SECURITY.md "Limits", the account frame): the real server in a child process
 * (temp DATA_DIR, default limits, wall clock) and a victim's ordinary day — 36 rounds of a sync
 * push and pull, a list, a message created and edited, the death plan (sync-server/victim-workload.ts)
 * — measured three ways in one run, each as a fresh account: alone; beside three attackers cycling
 * through text history (~1.2 MB an answer), the release routes, the event stream and the default
 * task guide, from their first request (while their minute's budgets last); and once every attacker
 * has been refused. Prints the victim's p50 and p99 of each. Throws when a victim request failed or a
 * victim's change was lost; the times are printed, not judged (the machine's other work moves them).
 * Then bench/tenant-bounds.ts: the victim beside each attacker of issue 40 (BENCH_BOUNDS_ONLY=1: only those).
 */
import { startChildLiveServer, type Account } from '../sync-server/test/hostile-tenant-support';
import { besideAttackers, storedOf, twentyVersions, type VictimDay } from '../sync-server/test/victim-workload';
import { runBounds } from './tenant-bounds';

const p50 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor((ms.length - 1) / 2)] ?? 0;

export async function run(): Promise<void> {
  if (process.env.BENCH_BOUNDS_ONLY === '1') return runBounds();
  const c = await startChildLiveServer();
  const failed: string[] = [];
  try {
    const since = Date.now();
    const attackers = [await c.register(), await c.register(), await c.register()];
    for (const a of attackers) await twentyVersions(c, a);
    const victims: [Account, Account, Account] = [await c.register(), await c.register(), await c.register()];
    const result = await besideAttackers(c, attackers, victims, since);
    const phases: [string, VictimDay | null][] = [
      ['alone', result.alone],
      ['beside 3 attackers, within their budgets', result.burst],
      ['beside 3 attackers, once refused', result.spent],
    ];
    const rows = [];
    for (const [k, [phase, day]] of phases.entries()) {
      if (!day) {
        rows.push({ victim: phase, requests: 0, 'p50 ms': '-', 'p99 ms': '-', failed: 'not reached within 60 s' });
        continue;
      }
      const stored = await storedOf(c, victims[k]!);
      const sameNames = JSON.stringify(Object.entries(stored.names).sort()) === JSON.stringify([...day.names].sort());
      const sameMessages = stored.messages.join() === [...day.messages].sort().join() && stored.allEdited;
      if (day.failures.length > 0) failed.push(`${phase}: ${day.failures.slice(0, 3).join('; ')}`);
      if (!sameNames || !sameMessages) failed.push(`${phase}: a change was lost`);
      rows.push({ victim: phase, requests: day.latencies.length, 'p50 ms': p50(day.latencies).toFixed(1), 'p99 ms': day.p99.toFixed(1), failed: day.failures.length });
    }
    console.log('\nbench/tenants: a victim\'s day beside three attackers on the account frame\'s routes (default limits), attackers answered:', result.statuses);
    console.table(rows);
  } finally {
    await c.close();
  }
  if (failed.length > 0) throw new Error(`bench/tenants: ${failed.join('; ')}`);
  // Issue 40: a released self-trustee's page in a loop, and key setup on accounts with keys.
  await runBounds();
}

if (process.argv[1]?.endsWith('tenants.ts')) {
  run().catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
