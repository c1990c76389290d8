/**
 * The load driver of bench/load.ts, run as a SEPARATE process (so the client's CPU does not
 * count against the server's): `tsx bench/load-driver.ts <config.json>`. The config names the
 * server URL, the signed-in users (cookies, their sync cursor, the messages a push edits), the
 * duration, the number of connections and the scenario:
 * - `list`: `GET /api/trustees` only (a signed-in user's 20 trustees);
 * - `pull`: an incremental `POST /api/sync` pull with nothing new (the user's latest cursor);
 * - `mixed`: the steady state of issue #20, per cycle of 10 requests as one user: 7 pulls with
 *   nothing new, 2 list reads (trustees, messages) and 1 push of 5 edits to existing messages
 *   (so nothing grows however long it runs). The push's answer moves the user's cursor, so the
 *   pulls after it find nothing new.
 * A cycle holds its user alone (a pool of free users), so no two connections act as one account.
 * Prints one JSON line with requests/s, latency percentiles and error counts (non-2xx, socket
 * errors, timeouts, and changes the server rejected inside a 200 sync response). The same driver
 * runs against the bare-Hono baseline (bench/bare-hono.ts), which ignores cookies.
 */
import { readFileSync } from 'node:fs';
import autocannon, { type RequestSpec } from 'autocannon';
import { formatHlc } from '../shared/sync';

export type Scenario = 'list' | 'pull' | 'mixed';

/** One signed-in bench user: the Cookie header, its sync cursor, the ids of messages it edits. */
export interface BenchUser {
  cookie: string;
  cursor: number;
  editIds: string[];
}

export interface LoadConfig {
  url: string;
  users: BenchUser[];
  seconds: number;
  connections: number;
  scenario: Scenario;
}

export interface LoadResult {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Pushed changes the server rejected (rule 11) although the request itself answered 200. */
  rejected: number;
}

/** Edits per push in the mixed scenario (issue #20: "pushes of 5 edits to existing records"). */
export const EDITS_PER_PUSH = 5;

/** The body of an edit push of `user`: EDITS_PER_PUSH new recipient names, HLCs from `node`. */
export function editPush(user: BenchUser, node: string, serial: number): string {
  const changes = user.editIds.slice(0, EDITS_PER_PUSH).map((id, k) => ({
    collection: 'messages',
    id,
    hlc: formatHlc({ ms: Date.now(), counter: (serial * EDITS_PER_PUSH + k) % 1_000_000, node }),
    fields: { recipientName: `Recipient ${k}, edit ${serial}` },
  }));
  return JSON.stringify({ protocol: 2, cursor: user.cursor, changes });
}

/** The autocannon request list of `scenario`; `users` is a pool a cycle takes one user from. */
function requestsOf(config: LoadConfig, onRejected: (n: number) => void): RequestSpec[] {
  const free = config.users.map((_, i) => i);
  let spill = 0;
  let serial = 0;
  const node = `load${process.pid}`;
  const take = (context: Record<string, unknown>) => {
    // A user lost to a failed request leaves the pool short: fall back to round robin then.
    context.user = free.pop() ?? spill++ % config.users.length;
  };
  const user = (context: Record<string, unknown>) => config.users[context.user as number]!;
  const release = (context: Record<string, unknown>) => {
    if (typeof context.user === 'number' && !free.includes(context.user)) free.push(context.user);
  };
  const json = (context: Record<string, unknown>) => ({ 'content-type': 'application/json', cookie: user(context).cookie });
  const pull = (first: boolean, last: boolean): RequestSpec => ({
    method: 'POST',
    path: '/api/sync',
    setupRequest: (req, context) => {
      if (first) take(context);
      return { ...req, headers: json(context), body: JSON.stringify({ protocol: 2, cursor: user(context).cursor, changes: [] }) };
    },
    onResponse: (_status, _body, context) => last && release(context),
  });
  const list = (path: string, first: boolean, last: boolean): RequestSpec => ({
    method: 'GET',
    path,
    setupRequest: (req, context) => {
      if (first) take(context);
      return { ...req, headers: { cookie: user(context).cookie } };
    },
    onResponse: (_status, _body, context) => last && release(context),
  });
  const push: RequestSpec = {
    method: 'POST',
    path: '/api/sync',
    setupRequest: (req, context) => {
      take(context);
      return { ...req, headers: json(context), body: editPush(user(context), node, serial++) };
    },
    onResponse: (status, body, context) => {
      if (status !== 200) return;
      const answer = JSON.parse(body) as { rejected: unknown[]; cursor: number };
      onRejected(answer.rejected.length);
      user(context).cursor = Math.max(user(context).cursor, answer.cursor);
    },
  };
  if (config.scenario === 'list') return [list('/api/trustees', true, true)];
  if (config.scenario === 'pull') return [pull(true, true)];
  return [
    push,
    pull(false, false),
    pull(false, false),
    list('/api/trustees', false, false),
    pull(false, false),
    pull(false, false),
    pull(false, false),
    list('/api/messages', false, false),
    pull(false, false),
    pull(false, true),
  ];
}

/** Drives `config` with autocannon and resolves its figures. */
export async function drive(config: LoadConfig): Promise<LoadResult> {
  let rejected = 0;
  const r = await autocannon({
    url: config.url,
    connections: config.connections,
    duration: config.seconds,
    timeout: 10,
    requests: requestsOf(config, (n) => (rejected += n)),
  });
  return {
    requests: r.requests.total,
    requestsPerSecond: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    rejected,
  };
}

if (process.argv[1]?.endsWith('load-driver.ts')) {
  const config = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadConfig;
  drive(config)
    .then((result) => process.stdout.write(`${JSON.stringify(result)}\n`))
    .catch((err: Error) => {
      console.error(err);
      process.exit(1);
    });
}
