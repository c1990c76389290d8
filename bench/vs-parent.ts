/**
 * bench/vs-parent (issue 39 "Speed and size": no sign-in and no sync push gets slower by more than
 * 5%, side by side with the parent commit in one run). Checks out the parent commit
 * (`VS_PARENT_COMMIT`, default 4b8ebbb, the commit before issue 39's first) into a temporary git
 * worktree (bench/parent-tree.ts, node_modules hard-linked) and times the same steps in both
 * checkouts, each in a child process running that checkout's own code (bench/tree-child.ts),
 * interleaved step by step so both meet the same moments of a shared machine:
 *
 * - the sync push, the server's step from the request's text to its answer, for a plain and a
 *   sealed account (`VS_PARENT_RECORDS` documents, default 10,000, in batches of 500, as
 *   bench/sealed-sync pushes them; the sealed bodies as each checkout's device makes them, so this
 *   checkout's carry their freshness fields);
 * - the server's sign-in (prelogin then login with the login secret, production scrypt cost),
 *   `VS_PARENT_SIGN_INS` times per round (default 4);
 * - the device's whole sign-in in Node (web/features/keys/sign-in.ts signInWithKeys on a new
 *   device over fake-indexeddb: Argon2id, both requests, opening and keeping the keys), twice per round.
 *
 * `VS_PARENT_ROUNDS` rounds (default 5; which checkout goes first alternates), each on fresh apps
 * and SQLite files. Each figure is the median over rounds; each ratio the median of the rounds' own
 * ratios. `VS_PARENT_PROFILE=<folder>` saves a CPU profile of each checkout's pushes. Wall and CPU seconds (user + system of the child, threads included) are both printed;
 * the goal is judged on CPU, the steadier figure on a shared machine, and the part fails when a
 * CPU ratio is over +5%.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeCommit, OWN_ROOT, parentTree } from './parent-tree';

const PARENT = process.env.VS_PARENT_COMMIT ?? '4b8ebbb';
const RECORDS = Number(process.env.VS_PARENT_RECORDS ?? 10_000);
const ROUNDS = Math.max(1, Number(process.env.VS_PARENT_ROUNDS ?? 5));
const SIGN_INS = Math.max(1, Number(process.env.VS_PARENT_SIGN_INS ?? 4));
const DEVICE_SIGN_INS = 2;
const BATCH = 500;
/** `VS_PARENT_PROFILE=<folder>`: each checkout's pushes of each round saved there as a V8 CPU profile (push-parent-….cpuprofile, push-this-…). */
const PROFILE = process.env.VS_PARENT_PROFILE;
/** The allowance: at most +5%. */
const GOAL = 0.05;

interface Timing {
  wall: number;
  cpu: number;
}
type Figure = 'push, plain' | 'push, sealed' | 'sign-in, the server (prelogin + login)' | 'sign-in, the device’s whole (Node)';
const FIGURES: Figure[] = ['push, plain', 'push, sealed', 'sign-in, the server (prelogin + login)', 'sign-in, the device’s whole (Node)'];
type Round = Record<Figure, Timing>;

/** A checkout's child process and a way to ask it one step at a time. */
interface Tree {
  name: 'parent' | 'this';
  child: ChildProcess;
  ask: (msg: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

function startTree(name: Tree['name'], root: string): Promise<Tree> {
  const child = fork(fileURLToPath(new URL('./tree-child.ts', import.meta.url)), [root], { cwd: root, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  let waiting: ((m: Record<string, unknown>) => void) | null = null;
  let failed: ((e: Error) => void) | null = null;
  child.on('message', (m) => waiting?.(m as Record<string, unknown>));
  child.on('exit', (code) => failed?.(new Error(`the ${name} checkout's child exited (${code})`)));
  const next = () =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      waiting = (m) => (m.ok ? resolve(m) : reject(new Error(`${name}: ${String(m.error)}`)));
      failed = reject;
    });
  const ready = next();
  const ask = (msg: Record<string, unknown>) => {
    const answer = next();
    child.send(msg);
    return answer;
  };
  return ready.then(() => ({ name, child, ask }));
}

const zero = (): Round => Object.fromEntries(FIGURES.map((f) => [f, { wall: 0, cpu: 0 }])) as Round;
const add = (into: Timing, t: Record<string, unknown>) => {
  into.wall += t.wall as number;
  into.cpu += t.cpu as number;
};

/** One round: both checkouts on fresh apps, every step taken by one then the other (`trees` in this round's order). */
async function measureRound(trees: Tree[]): Promise<Record<Tree['name'], Round>> {
  const out = { parent: zero(), this: zero() };
  await Promise.all(trees.map((t) => t.ask({ op: 'preparePush', records: RECORDS, batch: BATCH })));
  if (PROFILE) await Promise.all(trees.map((t) => t.ask({ op: 'profileStart' })));
  for (let b = 0; b < RECORDS / BATCH; b++)
    for (const kind of ['plain', 'sealed'] as const) for (const t of trees) add(out[t.name][`push, ${kind}`], await t.ask({ op: 'push', kind, b }));
  if (PROFILE) await Promise.all(trees.map((t) => t.ask({ op: 'profileStop', file: join(PROFILE, `push-${t.name}-${Date.now()}.cpuprofile`) })));
  for (const t of trees) await t.ask({ op: 'prepareSignIn' });
  for (let i = 0; i < SIGN_INS; i++) for (const t of trees) add(out[t.name]['sign-in, the server (prelogin + login)'], await t.ask({ op: 'signInServer' }));
  for (let i = 0; i < DEVICE_SIGN_INS; i++) for (const t of trees) add(out[t.name]['sign-in, the device’s whole (Node)'], await t.ask({ op: 'signInDevice' }));
  return out;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const pct = (r: number) => `${r >= 1 ? '+' : ''}${((r - 1) * 100).toFixed(1)}%`;
const secs = (x: number) => `${x.toFixed(3)} s`;

export async function run(): Promise<void> {
  const parent = describeCommit(PARENT);
  const own = describeCommit('HEAD');
  const load0 = loadavg();
  console.log(`\n## bench/vs-parent (issue 39: at most +5% against the parent commit; ${ROUNDS} round(s), the two checkouts step by step in turn)`);
  console.log(`parent ${parent.hash.slice(0, 10)} "${parent.subject.slice(0, 80)}"; this ${own.hash.slice(0, 10)} (working tree of ${OWN_ROOT})`);
  console.log(`push: ${RECORDS.toLocaleString('en-US')} documents in batches of ${BATCH} per account per round; sign-in: ${SIGN_INS} server and ${DEVICE_SIGN_INS} device sign-ins per round (production scrypt, Argon2id 64 MiB × 3)`);
  const tree = parentTree(PARENT);
  const rounds: Record<Tree['name'], Round>[] = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      const trees = [await startTree('parent', tree.root), await startTree('this', OWN_ROOT)];
      if (r % 2) trees.reverse();
      try {
        rounds.push(await measureRound(trees));
      } finally {
        await Promise.all(trees.map((t) => t.ask({ op: 'close' }).catch(() => t.child.kill())));
      }
      const last = rounds.at(-1)!;
      console.log(`round ${r + 1} (${trees[0]!.name} first, load ${loadavg()[0]!.toFixed(1)}): ` + FIGURES.map((f) => `${f} CPU ${secs(last.parent[f].cpu)} → ${secs(last.this[f].cpu)}`).join('; '));
    }
  } finally {
    tree.remove();
  }
  const failures: string[] = [];
  console.log('\n| figure | parent | this | this over parent | goal | |');
  console.log('| --- | ---: | ---: | ---: | --- | --- |');
  for (const f of FIGURES)
    for (const k of ['wall', 'cpu'] as const) {
      const ratio = median(rounds.map((r) => r.this[f][k] / r.parent[f][k]));
      const met = ratio <= 1 + GOAL;
      if (k === 'cpu' && !met) failures.push(`${f} (CPU) ${pct(ratio)}`);
      const verdict = k === 'cpu' ? (met ? 'met' : 'not met') : `${met ? 'met' : 'not met'} (wall: not judged)`;
      console.log(`| ${f} (${k === 'cpu' ? 'CPU' : 'wall'}) | ${secs(median(rounds.map((r) => r.parent[f][k])))} | ${secs(median(rounds.map((r) => r.this[f][k])))} | ${pct(ratio)} | at most +${GOAL * 100}% | ${verdict} |`);
    }
  console.log(`Load average (1, 5, 15 min) ${load0.map((l) => l.toFixed(1)).join(', ')} at the start, ${loadavg().map((l) => l.toFixed(1)).join(', ')} at the end. CPU seconds are each child's own (user + system, threads included).`);
  if (failures.length) throw new Error(`over the parent by more than +${GOAL * 100}%: ${failures.join('; ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
