/**
 * The fixed data set of bench/load.ts (issue #20): signs up `count` users on a running server
 * and gives each one 20 trustees, 50 messages and the 36 default survivor tasks, through the
 * public API as the app would. Returns each user (its Cookie header with both the session and
 * the device cookie, as a browser sends them; its sync cursor after a full pull; the messages
 * the load's pushes edit) and the JSON bodies a bare-Hono baseline serves (bench/bare-hono.ts).
 *
 * Sign-up: register allows 30 per IP per 10 minutes. The bench does not loosen it; the server
 * runs with TRUST_PROXY=1 and each user signs up with its own X-Forwarded-For address, as
 * people behind a reverse proxy would arrive.
 */
import type { BareBodies } from './bare-hono';
import { editPush, type BenchUser } from './load-driver';

export const TRUSTEES = 20;
export const MESSAGES = 50;
/** shared/default-tasks.ts: what `POST /api/survivor-tasks/generate-defaults` writes. */
export const DEFAULT_TASKS = 36;

/** `fetch` that throws unless the answer has `status`; resolves the answer's text. */
async function call(url: string, init: RequestInit, status: number, what: string): Promise<Response> {
  const res = await fetch(url, init);
  if (res.status !== status) throw new Error(`bench/load: ${what}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res;
}

/** Runs `work(i)` for i in [0, count) with `parallel` at a time. */
async function pool(count: number, parallel: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) await work(i);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

async function signUp(url: string, i: number): Promise<string> {
  const res = await call(
    `${url}/api/auth/register`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `198.18.${i >> 8}.${(i & 255) + 1}` },
      body: JSON.stringify({ firstName: 'Load', lastName: `User ${i}`, email: `load${i}@example.com`, username: `load_user_${i}`, password: 'correct horse battery' }),
    },
    201,
    `register ${i}`,
  );
  return res.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
}

/** Gives the signed-in `cookie` its data set; returns the ids of its messages. */
async function fill(url: string, cookie: string, i: number): Promise<string[]> {
  const post = (path: string, body?: unknown) =>
    call(
      `${url}${path}`,
      { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: body === undefined ? undefined : JSON.stringify(body) },
      201,
      `user ${i}: POST ${path}`,
    );
  await post('/api/survivor-tasks/generate-defaults');
  for (let k = 0; k < TRUSTEES; k++) {
    await post('/api/trustees', { name: `Trustee ${k}`, email: `t${k}.u${i}@example.com`, phone: '+44 20 7946 0000', relationship: 'Friend', accessLevel: k % 2 ? 'full' : 'messages-only' });
  }
  const ids: string[] = [];
  for (let k = 0; k < MESSAGES; k++) {
    const res = await post('/api/messages', {
      recipientName: `Recipient ${k}`,
      recipientEmail: `r${k}.u${i}@example.com`,
      messageType: 'text',
      messageContent: `Dear ${k}, these are the words I want you to have when I am gone. `.repeat(4),
    });
    ids.push(((await res.json()) as { id: string }).id);
  }
  return ids;
}

/** POSTs a sync body as `cookie`; resolves the answer's text. */
async function sync(url: string, cookie: string, body: string): Promise<string> {
  const res = await call(`${url}/api/sync`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body }, 200, 'sync');
  return res.text();
}

/** Pulls everything of `cookie`'s account; resolves the last cursor. */
async function pullAll(url: string, cookie: string): Promise<number> {
  let cursor = 0;
  for (;;) {
    const page = JSON.parse(await sync(url, cookie, JSON.stringify({ protocol: 2, cursor, changes: [] }))) as { cursor: number; hasMore: boolean };
    cursor = page.cursor;
    if (!page.hasMore) return cursor;
  }
}

/** Signs up `count` users with their data sets on the server at `url`. */
export async function createFixture(url: string, count: number): Promise<{ users: BenchUser[]; bodies: BareBodies }> {
  const users: BenchUser[] = new Array(count);
  await pool(count, 4, async (i) => {
    const cookie = await signUp(url, i);
    const editIds = await fill(url, cookie, i);
    users[i] = { cookie, cursor: await pullAll(url, cookie), editIds };
  });
  // The baseline's bodies: exactly what the real server answers user 0.
  const u = users[0]!;
  const get = async (path: string) => (await call(`${url}${path}`, { headers: { Cookie: u.cookie } }, 200, `GET ${path}`)).text();
  const push = await sync(url, u.cookie, editPush(u, 'setup', 0));
  const pushed = JSON.parse(push) as { cursor: number; rejected: unknown[] };
  if (pushed.rejected.length > 0) throw new Error(`bench/load: the setup push was refused: ${push.slice(0, 300)}`);
  u.cursor = pushed.cursor;
  const emptyPull = await sync(url, u.cookie, JSON.stringify({ protocol: 2, cursor: u.cursor, changes: [] }));
  if ((JSON.parse(emptyPull) as { records: unknown[] }).records.length !== 0) throw new Error('bench/load: an incremental pull found something new');
  return { users, bodies: { trustees: await get('/api/trustees'), messages: await get('/api/messages'), emptyPull, push } };
}
