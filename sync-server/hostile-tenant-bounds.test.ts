/**
 * Hostile tenant, what an account costs beyond its records (SECURITY.md "Limits": `activityRows`,
 * `pokeWindowMs`, the file count, the AI budget): the real app over a real SQLite file and real
 * DATA_DIR, and for the AI a real OpenAI-compatible HTTP server on loopback that records what it
 * is asked. Each case is an attack that worked before these limits:
 * - alternating release settings wrote an activity line per request, never trimmed, not counted,
 *   each poking the live event stream;
 * - upload → attach → delete rounds kept every released file on disk, outside the file count;
 * - four accounts made the model server see every call at once, without max_tokens, with prompts
 *   as long as the request's fields, and nothing bounded the calls of a day, in all or per account.
 */
import { readdirSync, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc, PROTOCOL_VERSION, type SyncResponse } from '../shared/sync';
import { callerOf, encryptFile, fileRefOf, pdfWith, uploadFile, type EncryptedFile } from './test/blob-test-support';
import { createUsageReader } from './records/store/usage';
import { cookieOf, createTestApp, signUp, type TestApp } from './test/test-support';
import { activityLine } from './release/store/activity-line';

const DAY = 24 * 3600_000;
let hlcCounter = 0;
const hlc = (t: TestApp) => formatHlc({ ms: t.deps.now(), counter: hlcCounter++, node: 'device1' });

async function push(t: TestApp, cookie: string, changes: { collection: string; id: string; fields: Record<string, unknown> }[]): Promise<SyncResponse> {
  const res = await t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor: 0, changes: changes.map((c) => ({ ...c, hlc: hlc(t) })) }, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as SyncResponse;
}

/** The account's activity lines as kept (oldest first): each one's English text as the stores read it, and the column as stored (`stored`, what the bytes count). */
const activityOf = (t: TestApp, userId: string) =>
  t.deps.db
    .prepare<[string], { kind: string; text: string }>('SELECT kind, text FROM release_activity WHERE user_id = ? ORDER BY id')
    .all(userId)
    .map((r) => ({ kind: r.kind, text: activityLine(r.text).text, stored: r.text }));

describe('the activity log is bounded, counted and does not flood the live stream', () => {
  it('alternating release settings keeps the last activityRows routine lines; the release-critical lines stay', async () => {
    const t = createTestApp({ AFTERWORD_LIMITS: JSON.stringify({ activityRows: 20, writesPerMinute: 1000 }) }); // the write budget (account frame) is not what is tested here
    const { cookie: first, user, body } = await signUp(t);
    // A real release episode first: check-ins every 30 days, none for 38 days, so the scheduler starts a waiting period; the owner cancels it.
    expect((await t.call('PUT', '/api/release/settings', { checkInDays: 30 }, first)).status).toBe(200);
    t.advance(38 * DAY);
    await t.services.scheduler.runOnce();
    const login = await t.call('POST', '/api/auth/login', { username: body.username, password: body.password });
    const cookie = cookieOf(login);
    expect((await (await t.call('GET', '/api/release/status', undefined, cookie)).json()).state).toBe('waiting');
    expect((await t.call('POST', '/api/release/cancel', undefined, cookie)).status).toBe(200);
    const critical = activityOf(t, user.id).filter((a) => a.kind === 'check-in-lapsed' || a.kind === 'cancelled');
    expect(critical.map((a) => a.kind)).toEqual(['check-in-lapsed', 'cancelled']);

    for (let i = 0; i < 120; i++) {
      const res = await t.call('PUT', '/api/release/settings', { checkInDays: i % 2 ? 30 : 60 }, cookie);
      expect(res.status).toBe(200);
    }
    const rows = activityOf(t, user.id);
    const routine = rows.filter((a) => a.kind !== 'check-in-lapsed' && a.kind !== 'cancelled');
    expect(routine).toHaveLength(20);
    expect(routine.at(-1)!.text).toBe('Check-in interval set to 30 days.'); // the newest are the ones kept
    expect(rows.filter((a) => a.kind === 'check-in-lapsed' || a.kind === 'cancelled')).toEqual(critical);
    t.deps.db.close();
  });

  it('activity lines count in accountBytes: a record that fits an empty account is refused beside a full log', async () => {
    const record = { collection: 'messages', id: 'm1', fields: { recipientName: 'Grace', recipientEmail: 'grace@example.com', messageType: 'text', messageContent: 'x'.repeat(1_500), deliveryDate: null, createdAt: '2026-11-21T12:00:00.000Z' } };
    const probe = createTestApp();
    const measured = await signUp(probe);
    await push(probe, measured.cookie, [record]);
    const recordBytes = createUsageReader(probe.deps.db)(measured.user.id).bytes;
    probe.deps.db.close();

    const t = createTestApp({ AFTERWORD_LIMITS: JSON.stringify({ accountBytes: recordBytes + 400, activityRows: 40 }) });
    const control = await signUp(t);
    expect((await push(t, control.cookie, [record])).rejected).toEqual([]);

    const attacker = await signUp(t);
    const profileBytes = createUsageReader(t.deps.db)(attacker.user.id).bytes;
    for (let i = 0; i < 40; i++) await t.call('PUT', '/api/release/settings', { checkInDays: i % 2 ? 30 : 60 }, attacker.cookie);
    const logBytes = activityOf(t, attacker.user.id).reduce((n, a) => n + Buffer.byteLength(a.kind) + Buffer.byteLength(a.stored), 0);
    expect(logBytes).toBeGreaterThan(400);
    expect(createUsageReader(t.deps.db)(attacker.user.id).bytes).toBe(profileBytes + logBytes);
    // On SQLite the record service keeps an account's usage for up to a minute between reads
    // (records/service.ts USAGE_TTL_MS): the log, at most 2 × activityRows lines, is counted at the next read.
    t.advance(61_000);
    const out = await push(t, attacker.cookie, [record]);
    expect(out.rejected).toHaveLength(1);
    expect(out.rejected[0]!.reason).toMatch(/at most/);
    t.deps.db.close();
  });

  it('a burst of writes pokes a listening device at most once per pokeWindowMs, and the last change still reaches it', async () => {
    const windowMs = 400;
    const t = createTestApp({ AFTERWORD_LIMITS: JSON.stringify({ pokeWindowMs: windowMs }) });
    const { cookie } = await signUp(t);
    const events = await t.call('GET', '/api/sync/events', undefined, cookie);
    const reader = events.body!.getReader();
    const decoder = new TextDecoder();
    const arrivals: number[] = [];
    let text = '';
    const reading = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        const parts = text.split('\n\n');
        text = parts.pop()!;
        for (const p of parts) if (p.includes('event: changed')) arrivals.push(performance.now());
      }
    })();
    try {
      await expect.poll(() => text.length + arrivals.length, { timeout: 2_000 }).toBe(0); // the "ready" event was read whole
      const started = performance.now();
      for (let i = 0; i < 60; i++) {
        const res = await t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor: 0, changes: [{ collection: 'trustees', id: 'tr1', hlc: hlc(t), fields: { name: `Name ${i}`, email: 'sam@example.com', accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' } }] }, cookie);
        expect(res.status).toBe(200);
      }
      const ended = performance.now();
      // The last change is told: a poke comes after the burst (every poke follows a commit), so the
      // device's pull then sees "Name 59".
      await expect.poll(() => arrivals.filter((at) => at >= ended).length, { timeout: 10 * windowMs + 5_000, interval: 50 }).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 2 * windowMs)); // and nothing more after the window closed
      const windows = Math.ceil((performance.now() - started) / windowMs) + 1;
      console.log(`pokes: 60 writes in ${Math.round(ended - started)} ms made ${arrivals.length} "changed" events (window ${windowMs} ms)`);
      expect(arrivals.length).toBeLessThanOrEqual(windows);
      expect(arrivals.length).toBeLessThan(60);
      const pulled = (await (await t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor: 0, changes: [] }, cookie)).json()) as SyncResponse;
      expect(JSON.stringify(pulled.records)).toContain('Name 59');
    } finally {
      await reader.cancel();
      await reading.catch(() => {});
      t.deps.db.close();
    }
  });
});

describe('released files count against the file count until they are deleted', () => {
  it('six rounds of upload → attach → delete under a cap of 10 files never keep more than 10 files on disk', async () => {
    // recordsPerCollection 5: documents and messages together may hold 10 files (services.ts).
    const t = createTestApp({ AFTERWORD_LIMITS: JSON.stringify({ recordsPerCollection: 5 }) });
    const { cookie, user } = await signUp(t);
    const call = callerOf(t, cookie);
    const folders = () => (existsSync(join(t.deps.config.dataDir, 'blobs', user.id)) ? readdirSync(join(t.deps.config.dataDir, 'blobs', user.id)).length : 0);
    const uploaded: EncryptedFile[] = [];
    for (let round = 0; round < 6; round++) {
      const files: EncryptedFile[] = [];
      for (let i = 0; i < 5; i++) {
        const f = await encryptFile(pdfWith(`round ${round} file ${i}`, 600), 'application/pdf', 1024);
        expect((await uploadFile(call, f)).status).toBe(200); // every round is allowed: the oldest released files make room
        files.push(f);
      }
      uploaded.push(...files);
      const message = (f: EncryptedFile) => ({ recipientName: 'Grace', recipientEmail: 'grace@example.com', messageType: 'text', messageContent: 'Hello', deliveryDate: null, file: fileRefOf(f, 'a.pdf'), createdAt: '2026-11-21T12:00:00.000Z' });
      expect((await push(t, cookie, files.map((f, i) => ({ collection: 'messages', id: `m${i}`, fields: message(f) })))).rejected).toEqual([]);
      expect((await push(t, cookie, files.map((_, i) => ({ collection: 'messages', id: `m${i}`, fields: { _deleted: true } })))).rejected).toEqual([]);
      await t.services.blobs.lifetime.idle();
      expect(folders()).toBeLessThanOrEqual(10);
    }
    const rows = t.deps.db.prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM blobs WHERE user_id = ?').get(user.id)!.n;
    expect(rows).toBeLessThanOrEqual(10);
    t.deps.db.close();
  });

  it('at the cap with no released file to drop, a new upload is refused with 413 naming blobId', async () => {
    const t = createTestApp({ AFTERWORD_LIMITS: JSON.stringify({ recordsPerCollection: 1 }) });
    const { cookie } = await signUp(t);
    const call = callerOf(t, cookie);
    for (let i = 0; i < 2; i++) expect((await uploadFile(call, await encryptFile(pdfWith(`kept ${i}`, 600), 'application/pdf', 1024))).status).toBe(200);
    const f = await encryptFile(pdfWith('one too many', 600), 'application/pdf', 1024);
    const res = await call('POST', '/api/blobs', { blobId: f.blobId, size: f.size, chunkSize: f.chunkSize, chunkCount: f.chunks.length, encryptedSize: f.chunks.reduce((n, c) => n + c.length, 0) });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error: string; issues: { path: string }[] };
    expect(body.issues[0]!.path).toBe('blobId');
    t.deps.db.close();
  });
});

describe('AI calls have a server-wide budget and an output cap', () => {
  let model: Server;
  let baseURL: string;
  let inFlight = 0;
  let mostAtOnce = 0;
  const seen: { maxTokens: unknown; userChars: number }[] = [];
  beforeAll(async () => {
    model = createServer((req: IncomingMessage, res: ServerResponse) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        inFlight += 1;
        mostAtOnce = Math.max(mostAtOnce, inFlight);
        const body = JSON.parse(raw) as { max_tokens?: number; max_completion_tokens?: number; messages: { role: string; content: string }[] };
        seen.push({ maxTokens: body.max_tokens ?? body.max_completion_tokens, userChars: body.messages.find((m) => m.role === 'user')!.content.length });
        setTimeout(() => {
          inFlight -= 1;
          res.writeHead(200, { 'content-type': 'application/json' });
          const content = JSON.stringify({ obituary: 'A kind life, well lived.' });
          res.end(JSON.stringify({ id: 'x', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop', logprobs: null }] }));
        }, 150);
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
    baseURL = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    model.closeAllConnections();
    await new Promise((resolve) => model.close(resolve));
  });
  const long = 'A life of long and patient work. '.repeat(150).slice(0, 4_000);
  const obituary = { name: 'Rosalind Franklin', age: 65, location: 'London', occupation: 'Chemist', achievements: long, familyMembers: long, personalQualities: long, budget: 'moderate' };
  const appWith = (limits: Record<string, number>) =>
    createTestApp({ OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: baseURL, OPENAI_MODEL: 'test-model', AFTERWORD_LIMITS: JSON.stringify(limits) });

  it('four accounts at once: the model server sees at most aiCallsAtOnce calls, each with max_tokens and a capped prompt; the rest get a clear 429', async () => {
    seen.length = 0;
    mostAtOnce = 0;
    const t = appWith({ aiCallsAtOnce: 2, aiPromptChars: 2_000, aiMaxTokens: 700 });
    const accounts = await Promise.all([0, 1, 2, 3].map(() => signUp(t)));
    const answers = await Promise.all(accounts.flatMap((a) => [0, 1, 2].map(() => t.call('POST', '/api/generate-obituary', obituary, a.cookie))));
    const statuses = answers.map((r) => r.status);
    console.log(`AI: 12 calls at once from 4 accounts → the model server saw at most ${mostAtOnce} at once; answers ${statuses.filter((x) => x === 200).length}×200, ${statuses.filter((x) => x === 429).length}×429; longest prompt ${Math.max(...seen.map((c) => c.userChars))} chars`);
    expect(mostAtOnce).toBeLessThanOrEqual(2);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(2);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    const refused = answers.find((r) => r.status === 429)!;
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await refused.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(body.error).toMatch(/busy/i);
    expect(body.issues[0]!.path).toBe('ai');
    expect(seen.length).toBeGreaterThan(0);
    for (const call of seen) {
      expect(call.maxTokens).toBe(700);
      expect(call.userChars).toBeLessThanOrEqual(2_000);
    }
    t.deps.db.close();
  });

  it("one account cannot use up the server's AI day: past aiCallsPerAccountPerDay its calls are a 429, another account's still work", async () => {
    const t = appWith({ aiCallsPerAccountPerDay: 2 });
    const hostile = await signUp(t);
    const victim = await signUp(t);
    for (let i = 0; i < 2; i++) expect((await t.call('POST', '/api/generate-obituary', obituary, hostile.cookie)).status).toBe(200);
    const refused = await t.call('POST', '/api/generate-obituary', obituary, hostile.cookie);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: string; issues: { path: string }[] };
    expect(body.error).toMatch(/your account/i);
    expect(body.issues[0]!.path).toBe('ai');
    expect((await t.call('POST', '/api/generate-obituary', obituary, victim.cookie)).status).toBe(200);
    t.deps.db.close();
  });

  it('past aiCallsPerDay every call is a 429 that says so, until the day is over', async () => {
    const t = appWith({ aiCallsPerDay: 3 });
    const { cookie } = await signUp(t);
    for (let i = 0; i < 3; i++) expect((await t.call('POST', '/api/generate-obituary', obituary, cookie)).status).toBe(200);
    const other = await signUp(t);
    const refused = await t.call('POST', '/api/generate-obituary', obituary, other.cookie);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: string; issues: { path: string }[] };
    expect(body.error).toMatch(/today/i);
    expect(body.issues[0]!.path).toBe('ai');
    t.advance(DAY);
    expect((await t.call('POST', '/api/generate-obituary', obituary, other.cookie)).status).toBe(200);
    t.deps.db.close();
  });
});
