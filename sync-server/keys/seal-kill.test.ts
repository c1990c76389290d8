/**
 * The migration survives a crash (issue "Existing accounts are sealed, nothing lost"): the real
 * server in a child process over a SQLite file is SIGKILLed at three points of
 * web/features/keys/migrate.ts (between the records batches, just before finish, during finish),
 * restarted on the same DATA_DIR, and the migration run again: every field of every record opens
 * to its original words, and the SQLite file and WAL hold no canary.
 */
import 'fake-indexeddb/auto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol';
import { sealAccountData, type SealProgress } from '../../web/features/keys/migrate';
import { apiOver, canary, expectSameWords, fillPlaintext } from '../../web/features/keys/test-migrate';
import { keysWithoutSealing } from '../../web/sync/test-sealed';
import { needlesOf, scanBytes } from '../test/canary-scan';
import { type ChildServer, startChildServer, TEST_PASSWORD_COST_ENV } from '../test/child-server';
import { serverBundleOfThisProcess } from '../test/server-bundle';
import { appTransport, serverRecords } from '../test/client-test-support';
import { openDatabase } from '../db/sqlite';
import type { TestApp } from '../test/test-support';
import { createSqliteKeyStore } from './key-store';

const servers: ChildServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill();
});

/** Requests to the child server at `server.url` (TestApp['call'] over fetch). */
const caller =
  (server: { url: string }): TestApp['call'] =>
  (method, path, body, cookie) =>
    fetch(`${server.url}${path}`, { method, headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) }, body: body === undefined ? undefined : JSON.stringify(body) });

const start = async (dataDir?: string) => {
  const s = await startChildServer({ dataDir, env: { ...TEST_PASSWORD_COST_ENV }, entry: await serverBundleOfThisProcess() });
  servers.push(s);
  return s;
};

/** A legacy account on a fresh child server: every field plaintext, plus 150 documents so the records go in several batches. */
async function legacyOnChild() {
  const server = await start();
  const call = caller(server);
  const reg = await call('POST', '/api/auth/register', { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', username: `kill_${Date.now()}`, password: 'correct horse battery' });
  expect(reg.status).toBe(201);
  const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
  const userId = ((await reg.json()) as { id: string }).id;
  const canaries = await fillPlaintext(call, cookie, userId);
  for (let b = 0; b < 3; b++) {
    const changes = Array.from({ length: 50 }, (_, i) => {
      const name = canary(`Doc${b}x${i}`);
      canaries.push(name);
      return { collection: 'documents', id: `k${b}-${i}`, hlc: `${String(Date.now()).padStart(15, '0')}-${String(b * 50 + i).padStart(4, '0')}-killtest`, fields: { documentType: 'will', documentName: name, documentUrl: 'https://x.example/d', createdAt: new Date().toISOString() } };
    });
    const res = (await (await call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor: 0, changes }, cookie)).json()) as { accepted: string[] };
    expect(res.accepted).toHaveLength(50);
  }
  const before = await serverRecords(appTransport({ call } as TestApp, cookie));
  // The device's key setup, written as /api/keys/setup would (the key store over the same file).
  const file = join(server.dataDir, 'afterword.db');
  const db = openDatabase(file);
  const sealing = await keysWithoutSealing({ services: { keys: createSqliteKeyStore(db) }, deps: { now: Date.now } } as unknown as TestApp, userId);
  return { server, cookie, userId, canaries, before, sealing, db, file };
}

type KillPoint = 'during the records batches' | 'just before finish' | 'during finish';

describe('the migration survives a SIGKILL of the server (web/features/keys/migrate.ts)', () => {
  for (const point of ['during the records batches', 'just before finish', 'during finish'] as KillPoint[]) {
    it(`killed ${point}: restarted and run again, every field opens the same, no canary on disk`, { timeout: 120_000 }, async () => {
      const { server, cookie, userId, canaries, before, sealing, db, file } = await legacyOnChild();
      let killed: Promise<void> | null = null;
      // Awaited by sealAccountData: its next request meets a dead server.
      const onProgress = (p: SealProgress) => {
        if (killed) return;
        if (point === 'during the records batches' && p.phase === 'records' && p.done > 0) return (killed = server.kill());
        if (point === 'just before finish' && p.phase === 'finishing') return (killed = server.kill());
        // The finish request is sent right after this returns; the kill lands while it runs.
        if (point === 'during finish' && p.phase === 'finishing') killed = new Promise((r) => setTimeout(r, 2)).then(() => server.kill());
      };
      const first = await sealAccountData({ api: apiOver(caller(server), cookie), keys: await sealing.keysFor(), onProgress }).then(
        () => 'finished',
        (err: Error) => err.message,
      );
      await killed;
      expect(killed, 'the kill happened').not.toBeNull();
      expect(server.child.signalCode).toBe('SIGKILL');
      if (point !== 'during finish') expect(first).not.toBe('finished');

      const again = await start(server.dataDir);
      const { sealedAt } = await sealAccountData({ api: apiOver(caller(again), cookie), keys: await sealing.keysFor() });
      expect(sealedAt).toBeGreaterThan(0);
      const after = await serverRecords(appTransport({ call: caller(again) } as TestApp, cookie));
      expect(after.length).toBe(before.length);
      expect(await expectSameWords(sealing, userId, before, after)).toBeGreaterThan(600);
      // The release activity log names each invited trustee ("activity lines carry no names" is a
      // separate item of the same issue, outside the records this migration seals): those canaries
      // are left out of the scan, and only the trustee's name may be one.
      const logged = canaries.filter((c) => db.prepare('SELECT 1 FROM release_activity WHERE text LIKE ?').get(`%${c}%`));
      expect(logged.every((c) => c.startsWith('CanaryTrustee'))).toBe(true);
      db.close();
      const needles = needlesOf(canaries.filter((c) => !logged.includes(c)));
      const hits = [file, `${file}-wal`].filter(existsSync).flatMap((f) => scanBytes(readFileSync(f), needles, f));
      expect(hits).toEqual([]);
      await again.stop();
    });
  }
});
