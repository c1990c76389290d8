/**
 * Durability (issue #9; OWASP ASVS 5.0 14.2 / DESIGN.md §2): the real server in a child
 * process is SIGKILLed while sync pushes stream in; after a restart on the same DATA_DIR every
 * acknowledged change is there, no batch is half-applied, and the database is intact.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { formatHlc, type SyncResponse } from '../shared/sync';
import { type ChildServer, startChildServer } from './test/child-server';
import { serverBundleOfThisProcess } from './test/server-bundle';
import { openDatabase } from './db/sqlite';

const BATCH = 25;
const servers: ChildServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill();
});

async function register(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', username: 'durable_ada', password: 'correct horse battery' }),
  });
  expect(res.status).toBe(201);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

describe('durability under a crash', () => {
  it('openDatabase uses WAL with synchronous=FULL and foreign keys', () => {
    const db = openDatabase(join(tmpdir(), `afterword-pragma-${process.pid}-${Date.now()}.db`));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });

  it('SIGKILL mid-stream: every acknowledged batch survives, none is half-applied, integrity_check ok', { timeout: 120_000 }, async () => {
    const first = await startChildServer({ entry: await serverBundleOfThisProcess() });
    servers.push(first);
    const cookie = await register(first.url);
    let counter = 0;
    const acknowledged = new Set<number>();
    const sent = new Set<number>();
    const push = async (url: string, batch: number) => {
      const changes = Array.from({ length: BATCH }, (_, i) => ({
        collection: 'documents', // many records: trustees are capped at 50 per account (shared/limits.ts)
        id: `b${batch}-${i}`,
        hlc: formatHlc({ ms: Date.now(), counter: counter++, node: 'durability' }),
        fields: { documentType: 'will', documentName: `Document ${batch}.${i}`, documentUrl: 'https://x.example/d', createdAt: new Date().toISOString() },
      }));
      sent.add(batch);
      const res = await fetch(`${url}/api/sync`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ protocol: 2, cursor: 1e15, changes }),
      });
      const body = (await res.json()) as SyncResponse;
      if (res.status === 200 && body.accepted.length === BATCH) acknowledged.add(batch);
    };

    // Four streams of pushes in flight; the kill lands while requests are being written.
    let next = 0;
    let killed = false;
    const stream = async () => {
      while (!killed) await push(first.url, next++).catch(() => undefined);
    };
    const streams = Array.from({ length: 4 }, stream);
    const deadline = Date.now() + 30_000;
    while (acknowledged.size < 60) {
      if (Date.now() > deadline) throw new Error(`only ${acknowledged.size} of ${sent.size} batches acknowledged`);
      await new Promise((r) => setTimeout(r, 5));
    }
    await first.kill();
    killed = true;
    await Promise.all(streams);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(sent.size).toBeGreaterThan(acknowledged.size); // some batches were in flight at the kill

    const second = await startChildServer({ dataDir: first.dataDir, entry: await serverBundleOfThisProcess() });
    servers.push(second);
    // The session survives the restart (its row and the secret are on disk); pull everything.
    const ids = new Set<string>();
    let cursor = 0;
    for (;;) {
      const res = await fetch(`${second.url}/api/sync`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ protocol: 2, cursor, changes: [] }),
      });
      expect(res.status).toBe(200);
      const page = (await res.json()) as SyncResponse;
      for (const r of page.records) if (r.collection === 'documents') ids.add(r.id);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    for (const batch of acknowledged) {
      for (let i = 0; i < BATCH; i++) expect(ids.has(`b${batch}-${i}`), `acknowledged b${batch}-${i}`).toBe(true);
    }
    for (const batch of sent) {
      const present = Array.from({ length: BATCH }, (_, i) => ids.has(`b${batch}-${i}`)).filter(Boolean).length;
      expect([0, BATCH], `batch ${batch} has ${present} of ${BATCH}`).toContain(present);
    }
    expect(ids.size % BATCH).toBe(0);

    const check = new Database(join(first.dataDir, 'afterword.db'), { readonly: true });
    expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
    check.close();
    await second.stop();
  });
});
