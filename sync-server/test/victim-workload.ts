/**
 * The hostile-tenant workloads (imported by tests and bench/tenants.ts; SECURITY.md "Limits"): the
 * victim's side, an ordinary person's day of sync pushes and pulls and REST reads and writes, timed
 * request by request, then checked for lost changes; and the attackers of the account frame's
 * routes (text history, release, the event stream, the default task guide), which run beside it.
 * hostile-tenant.test.ts floods the sync with its own attackers beside the same victim's day.
 */
import type { SyncResponse } from '../../shared/sync';
import { p99, trusteeFields, type Account, type LiveClient } from './hostile-tenant-support';
import { encryptFile, fetchCaller, fileRefOf, pdfWith, uploadFile } from './blob-test-support';

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
 * edited by REST, and `GET /api/death-plan`; with `opts.chunk` (victimFile) also that file chunk,
 * read from disk on libuv's threads as every file is. A request answering anything but 200/201 is a
 * failure. Six requests per round (seven with a chunk), half of them writes: 36 rounds stay within
 * one minute's default budgets.
 */
export async function victimDay(s: LiveClient, victim: Account, rounds = 36, opts: { chunk?: string } = {}): Promise<VictimDay> {
  const latencies: number[] = [];
  const failures: string[] = [];
  const timed = async (what: string, method: string, path: string, body?: unknown) => {
    const start = performance.now();
    const res = await s.call(method, path, body, victim.cookie);
    const json = res.headers.get('content-type')?.includes('json') ? ((await res.json()) as unknown) : (await res.arrayBuffer()).byteLength;
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
    const sync = (await timed('sync push', 'POST', '/api/sync', { protocol: 2, cursor, changes: [change] })) as SyncResponse;
    if (sync.accepted?.length !== 1) failures.push(`sync push ${id}: ${JSON.stringify(sync.rejected)}`);
    else names.set(id, name);
    cursor = sync.cursor ?? cursor;
    await timed('sync pull', 'POST', '/api/sync', { protocol: 2, cursor, changes: [] });
    await timed('REST list', 'GET', '/api/trustees');
    const m = (await timed('REST create', 'POST', '/api/messages', { recipientName: 'Ann', recipientEmail: 'ann@example.com', messageType: 'text', messageContent: `Note ${i}\nLove.` })) as { id: string };
    messages.push(m.id);
    await timed('REST patch', 'PATCH', `/api/messages/${m.id}`, { messageContent: `Note ${i}, edited` });
    await timed('REST plan', 'GET', '/api/death-plan');
    if (opts.chunk) await timed('file chunk', 'GET', opts.chunk);
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

/**
 * Uploads a file of `bytes` (default 1 MiB) for `victim` as the device does (encrypted in chunks),
 * names it in a document, and returns the path of its first chunk for victimDay's `opts.chunk`.
 * Throws when a step is refused.
 */
export async function victimFile(c: LiveClient, victim: Account, bytes = 1024 * 1024): Promise<string> {
  const f = await encryptFile(pdfWith('the victim\'s will', bytes), 'application/pdf');
  const done = await uploadFile(fetchCaller(c.base, victim.cookie), f);
  if (done.status !== 200) throw new Error(`upload: ${done.status} ${await done.text()}`);
  const doc = await c.call('POST', '/api/documents', { documentType: 'will', documentName: 'My will', file: fileRefOf(f, 'will.pdf') }, victim.cookie);
  if (doc.status !== 201) throw new Error(`document: ${doc.status} ${await doc.text()}`);
  return `/api/blobs/${f.blobId}/chunks/0`;
}

/** A message's text of about 60 KB (20,000 three-byte characters, the longest a long text may be). */
const longText = (i: number) => `${i} `.padEnd(20_000, '€');
const MESSAGE = { recipientName: 'Jo', recipientEmail: 'jo@example.com', messageType: 'text', deliveryDate: null, createdAt: '2026-11-21T12:00:00.000Z' };

/**
 * Writes message `id` of `account` and edits its text 20 times by sync (as a device 60 s behind):
 * the server then keeps 20 versions, ~1.2 MB from `GET /api/sync/history/messages/<id>/messageContent`.
 * Throws when the server refuses a change.
 */
export async function twentyVersions(c: LiveClient, account: Account, id = 'long'): Promise<void> {
  let prev = c.hlc(0, 'evil', -60_000);
  const created = await c.sync(account, [{ collection: 'messages', id, hlc: prev, fields: { ...MESSAGE, messageContent: longText(0) } }]);
  if (created.accepted.length !== 1) throw new Error(`message refused: ${JSON.stringify(created.rejected)}`);
  for (let i = 1; i <= 20; i++) {
    const hlc = c.hlc(i, 'evil', -60_000 + i);
    const res = await c.sync(account, [{ collection: 'messages', id, hlc, fields: { messageContent: longText(i) }, bases: { messageContent: prev } }]);
    if (res.accepted.length !== 1) throw new Error(`edit ${i} refused: ${JSON.stringify(res.rejected)}`);
    prev = hlc;
  }
}

/** What an attacker of the frame's routes repeats, in turn (each account seeded by twentyVersions). */
export const FRAME_ATTACKS: readonly (readonly [method: string, path: string])[] = [
  ['GET', '/api/sync/history/messages/long/messageContent'],
  ['GET', '/api/release/status'],
  ['GET', '/api/release/readiness'],
  ['GET', '/api/sync/events'],
  ['POST', '/api/survivor-tasks/generate-defaults'],
  ['GET', '/api/release/activity'],
];

/** The victim's day in three settings, and what the attackers were answered. */
export interface BesideAttackers {
  /** With no attacker running. */
  alone: VictimDay;
  /** From the attackers' first request: beside accounts that still have their minute's budgets. */
  burst: VictimDay;
  /** Once every attacker had been refused at least once (null: not within 60 s). */
  spent: VictimDay | null;
  /** Status → how many attacker requests had it. */
  statuses: Record<number, number>;
  /** Attacker id → its answers below 300. */
  answered: Map<string, number>;
  /**
   * How many of an attacker's budget windows the run may have touched: a window opens at the first
   * request after the last one ended (sync-server/http/rate-limit.ts), so from `since` (before the
   * attackers' first request) to the end there are at most floor(elapsed / 1 min) + 1 of them.
   * Counting from the attack's start instead undercounts: a window opened while the attackers were
   * prepared (registration, versions) ends during the attack and a new one opens.
   */
  minutes: number;
}

/**
 * Runs the victim's day as each of `victims` (three fresh accounts) on `c`: alone, then beside
 * `attackers` each cycling through FRAME_ATTACKS as fast as it is answered (an event stream is
 * closed once open), and once more after every attacker has been refused. Bodies are read whole.
 * `since` is the wall clock (ms) before the attackers' first request (it bounds `minutes`).
 */
export async function besideAttackers(c: LiveClient, attackers: Account[], victims: [Account, Account, Account], since: number): Promise<BesideAttackers> {
  let stop = false;
  const statuses: Record<number, number> = {};
  const answered = new Map<string, number>();
  const refused = new Set<string>();
  const attack = async (a: Account) => {
    for (let i = 0; !stop; i++) {
      const [method, path] = FRAME_ATTACKS[i % FRAME_ATTACKS.length]!;
      const res = await c.call(method, path, undefined, a.cookie);
      if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
      else await res.arrayBuffer();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      if (res.status < 300) answered.set(a.id, (answered.get(a.id) ?? 0) + 1);
      if (res.status === 429) refused.add(a.id);
    }
  };
  const alone = await victimDay(c, victims[0]);
  const running = attackers.map(attack);
  let burst: VictimDay;
  let spent: VictimDay | null = null;
  try {
    burst = await victimDay(c, victims[1]);
    // At most 60 s: by then every attacker's window has ended anyway.
    const until = Date.now() + 60_000;
    while (refused.size < attackers.length && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    if (refused.size === attackers.length) spent = await victimDay(c, victims[2]);
  } finally {
    stop = true;
    await Promise.all(running);
  }
  return { alone, burst, spent, statuses, answered, minutes: Math.floor((Date.now() - since) / 60_000) + 1 };
}

/** One line of figures of a victim's day: its p99 and how many requests (ms). */
export const dayFigures = (day: VictimDay | null) => (day ? `p99 ${day.p99.toFixed(1)} ms (${day.latencies.length} requests)` : 'not reached within 60 s');
