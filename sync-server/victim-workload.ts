/**
 * The victim's side of the hostile-tenant workloads (imported only by *.test.ts; SECURITY.md
 * "Limits"): an ordinary person's day of sync pushes and pulls and REST reads and writes, timed
 * request by request, then checked for lost changes. The hostile side differs per suite
 * (hostile-tenant.test.ts floods the sync; hostile-tenant-routes.test.ts the routes of the frame).
 */
import type { SyncResponse } from '../shared/sync';
import { p99, trusteeFields, type Account, type LiveClient } from './hostile-tenant-support';

/** What one victim's day measured and what it must find afterwards. */
export interface VictimDay {
  /** Milliseconds of each request, in order. */
  latencies: number[];
  /** Each request that did not answer as an honest client expects (`what: status body`). */
  failures: string[];
  /** The 99th percentile of `latencies` (nearest rank), ms. */
  p99: number;
  /** Trustee names the victim wrote, by id (the last write of each). */
  names: Map<string, string>;
  /** Ids of the messages the victim created (each then edited to end with ", edited"). */
  messages: string[];
}

/**
 * Runs `rounds` rounds (default 36) of the victim's day as `victim` on `s`: per round a sync push of
 * one trustee (20 ids, renamed as rounds go), a pull, `GET /api/trustees`, a message created and
 * edited by REST, and `GET /api/death-plan`. A request answering anything but 200/201 is a failure.
 * Six requests per round, half of them writes: 36 rounds stay within one minute's default budgets.
 */
export async function victimDay(s: LiveClient, victim: Account, rounds = 36): Promise<VictimDay> {
  const latencies: number[] = [];
  const failures: string[] = [];
  const timed = async (what: string, method: string, path: string, body?: unknown) => {
    const start = performance.now();
    const res = await s.call(method, path, body, victim.cookie);
    const json = (await res.json()) as unknown;
    latencies.push(performance.now() - start);
    if (res.status !== 200 && res.status !== 201) failures.push(`${what}: ${res.status} ${JSON.stringify(json).slice(0, 200)}`);
    return json;
  };
  const names = new Map<string, string>();
  const messages: string[] = [];
  let counter = 0;
  let cursor = 0;
  for (let i = 0; i < rounds; i++) {
    const id = `vt${i % 20}`;
    const name = `Trustee ${i}`;
    const fields = names.has(id) ? { name } : trusteeFields(name);
    const change = { collection: 'trustees', id, hlc: s.hlc(++counter, 'victim'), fields };
    const sync = (await timed('sync push', 'POST', '/api/sync', { protocol: 1, cursor, changes: [change] })) as SyncResponse;
    if (sync.accepted?.length !== 1) failures.push(`sync push ${id}: ${JSON.stringify(sync.rejected)}`);
    else names.set(id, name);
    cursor = sync.cursor ?? cursor;
    await timed('sync pull', 'POST', '/api/sync', { protocol: 1, cursor, changes: [] });
    await timed('REST list', 'GET', '/api/trustees');
    const m = (await timed('REST create', 'POST', '/api/messages', { recipientName: 'Ann', recipientEmail: 'ann@example.com', messageType: 'text', messageContent: `Note ${i}\nLove.` })) as { id: string };
    messages.push(m.id);
    await timed('REST patch', 'PATCH', `/api/messages/${m.id}`, { messageContent: `Note ${i}, edited` });
    await timed('REST plan', 'GET', '/api/death-plan');
  }
  return { latencies, failures, p99: p99(latencies), names, messages };
}

/**
 * What the server holds of the victim's day, to compare with `day` (no lost change): trustee names
 * by id as listed, and the victim's messages (id, whether its text ends with ", edited").
 */
export async function storedOf(s: LiveClient, victim: Account): Promise<{ names: Record<string, string>; messages: string[]; allEdited: boolean }> {
  const trustees = (await (await s.call('GET', '/api/trustees', undefined, victim.cookie)).json()) as { id: string; name: string }[];
  const stored = (await (await s.call('GET', '/api/messages', undefined, victim.cookie)).json()) as { id: string; messageContent: string }[];
  return {
    names: Object.fromEntries(trustees.map((t) => [t.id, t.name])),
    messages: stored.map((m) => m.id).sort(),
    allEdited: stored.every((m) => m.messageContent.endsWith(', edited')),
  };
}
