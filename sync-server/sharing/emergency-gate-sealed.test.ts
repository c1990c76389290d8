/**
 * The emergency gate at rest (docs/sharing.md "The key behind the gate"; issue 43): the server
 * stores it sealed under the release key's `emergency` subkey (gate-seal.ts), never as the owner's
 * device sent it, and unseals it only for a granted trustee's page. A canary scan (test/canary-scan.ts)
 * of every file under DATA_DIR (SQLite file and WAL, outbox, release key file), of a dump of the
 * table and of what the server logged finds no gate; a gate stored plain by the server before
 * (migration 025) is sealed in place by the scheduler's next pass and still opens for the trustee.
 * Real app over a real SQLite file, the test app's clock.
 */
import { describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { captureLogs, needlesOf, scanBytes, scanDirectory } from '../test/canary-scan';
import { emergencySetup } from '../test/emergency-test-support';
import { kitCall } from '../test/kit-test-support';
import { HOUR_MS } from './model/emergency';

const logged = captureLogs();

type Setup = Awaited<ReturnType<typeof emergencySetup>>;

/** The stored gate of trustee `i`, and a dump of the whole table as a backup would hold it. */
const stored = (s: Setup, i: number) => {
  const db = s.o.t.deps.db;
  const row = db.prepare('SELECT gate FROM emergency_settings WHERE user_id = ? AND trustee_id = ?').get(s.o.userId, s.made.kits[i]!.trusteeId) as { gate: string };
  return { gate: row.gate, dump: Buffer.from(JSON.stringify(db.prepare('SELECT * FROM emergency_settings').all())) };
};

/** Every place the gate would show: files under DATA_DIR (after a WAL checkpoint), the log, a dump of the table. */
const scanFor = (s: Setup, gate: Uint8Array) => {
  s.o.t.deps.db.pragma('wal_checkpoint(TRUNCATE)');
  const needles = needlesOf([{ name: 'gate', bytes: gate }]);
  return [
    ...scanDirectory(s.o.t.deps.config.dataDir, needles),
    ...logged.flatMap((line, i) => scanBytes(Buffer.from(line), needles, `log line ${i}`)),
    ...scanBytes(stored(s, 0).dump, needles, 'dump'),
  ];
};

describe('the emergency gate at rest', () => {
  it('is stored sealed (e1) under the release key, not as sent; no file, dump or log line holds it; only the granted trustee\'s page gets it', async () => {
    const s = await emergencySetup();
    const { gate } = await s.put(0, 1);
    const row = stored(s, 0);
    expect(row.gate).toMatch(/^e1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(row.gate).not.toContain(toB64url(gate));
    expect(scanFor(s, gate)).toEqual([]);
    // The owner's overview never carries it either.
    expect(scanBytes(Buffer.from(JSON.stringify(await s.o.get('/api/emergency'))), needlesOf([gate]), 'overview')).toEqual([]);

    expect((await s.ask(0)).status).toBe(201);
    await s.pass();
    expect((await s.view(0)).access).toBeNull();
    s.o.t.advance(HOUR_MS);
    await s.pass();
    const v = await s.view(0);
    expect(v.request!.phase).toBe('granted');
    expect(v.access!.gate).toBe(toB64url(gate)); // unsealed for the granted trustee, as the device made it
    expect(await s.openAs(0, v.access!)).toEqual({ documents: [{ id: s.doc.id, documentName: 'Will' }] });
    expect(scanFor(s, gate)).toEqual([]); // still nothing at rest after it was served
  });

  it('a gate stored plain by the server before (migration 025) is sealed in place by the next scheduler pass, and still opens for the trustee', async () => {
    const s = await emergencySetup();
    const { gate } = await s.put(0, 1);
    // As the server stored it before this change: the device's text itself.
    s.o.t.deps.db.prepare('UPDATE emergency_settings SET gate = ? WHERE user_id = ?').run(toB64url(gate), s.o.userId);
    expect(stored(s, 0).gate).toBe(toB64url(gate));
    await s.pass();
    expect(stored(s, 0).gate).toMatch(/^e1\./);
    expect(scanFor(s, gate)).toEqual([]);
    await s.ask(0);
    s.o.t.advance(HOUR_MS);
    await s.pass();
    const v = await s.view(0);
    expect(v.access!.gate).toBe(toB64url(gate));
    expect(await s.openAs(0, v.access!)).toEqual({ documents: [{ id: s.doc.id, documentName: 'Will' }] });
  });

  it('a sealed gate moved to another trustee\'s row opens nothing: the page is told it failed, never handed a gate', async () => {
    const s = await emergencySetup();
    await s.put(0, 1);
    await s.put(1, 1);
    const db = s.o.t.deps.db;
    db.prepare('UPDATE emergency_settings SET gate = ? WHERE user_id = ? AND trustee_id = ?').run(stored(s, 0).gate, s.o.userId, s.made.kits[1]!.trusteeId);
    db.prepare('UPDATE emergency_settings SET position = 0 WHERE user_id = ? AND trustee_id = ?').run(s.o.userId, s.made.kits[1]!.trusteeId);
    db.prepare('UPDATE emergency_settings SET position = 1 WHERE user_id = ? AND trustee_id = ?').run(s.o.userId, s.made.kits[0]!.trusteeId);
    expect((await s.ask(1)).status).toBe(201);
    s.o.t.advance(HOUR_MS);
    await s.pass();
    const res = await kitCall(s.o, 'GET', `/api/kit/${s.tokens[1]}/emergency`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string };
    expect(body.error).toMatch(/could not be opened/);
    expect(JSON.stringify(body)).not.toContain('"gate"');
  });
});
