/**
 * The bounds of hostile-tenant-bounds.test.ts on PostgreSQL (DATABASE_URL), where the usage is
 * kept on the account's row and the file count is the PostgreSQL blob metadata's: the activity
 * log is trimmed to `activityRows` and counts in `accountBytes` (sync pushes and REST writes), and
 * upload → attach → delete rounds never keep more files than the cap.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatHlc, PROTOCOL_VERSION, type SyncResponse } from '../../../shared/sync';
import { callerOf, encryptFile, fileRefOf, pdfWith, uploadFile, type EncryptedFile } from '../../test/blob-test-support';
import { signUp, type TestApp } from '../../test/test-support';
import { readPgUsage } from '../../records/store/pg-usage';
import { createPgTestApp, usePgDatabase } from '../../test/pg-test-support';

let counter = 0;
async function push(t: TestApp, cookie: string, changes: { collection: string; id: string; fields: Record<string, unknown> }[]): Promise<SyncResponse> {
  const res = await t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor: 0, changes: changes.map((c) => ({ ...c, hlc: formatHlc({ ms: t.deps.now(), counter: counter++, node: 'device1' }) })) }, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as SyncResponse;
}
const message = (content: string, file: EncryptedFile | null = null) => ({
  recipientName: 'Grace',
  recipientEmail: 'grace@example.com',
  messageType: 'text',
  messageContent: content,
  deliveryDate: null,
  file: file ? fileRefOf(file, 'a.pdf') : null,
  createdAt: '2026-11-21T12:00:00.000Z',
});

describe('bounds on PostgreSQL', () => {
  const pgdb = usePgDatabase();

  it('the activity log is trimmed to activityRows and counts in accountBytes (push and REST write)', async () => {
    const probe = await createPgTestApp(pgdb.url);
    const measured = await signUp(probe);
    const before = (await readPgUsage(pgdb.pool, measured.user.id)).bytes;
    await push(probe, measured.cookie, [{ collection: 'messages', id: 'm1', fields: message('x'.repeat(1_500)) }]);
    const recordBytes = (await readPgUsage(pgdb.pool, measured.user.id)).bytes - before;
    await probe.pool.end();

    const t = await createPgTestApp(pgdb.url, { env: { AFTERWORD_LIMITS: JSON.stringify({ accountBytes: before + recordBytes + 400, activityRows: 30 }) } });
    try {
      const control = await signUp(t);
      expect((await push(t, control.cookie, [{ collection: 'messages', id: 'm1', fields: message('x'.repeat(1_500)) }])).rejected).toEqual([]);
      const attacker = await signUp(t);
      for (let i = 0; i < 80; i++) expect((await t.call('PUT', '/api/release/settings', { checkInDays: i % 2 ? 30 : 60 }, attacker.cookie)).status).toBe(200);
      const { rows } = await pgdb.pool.query<{ n: number; bytes: number }>(
        'SELECT COUNT(*)::int AS n, SUM(octet_length(kind) + octet_length(text))::int AS bytes FROM release_activity WHERE user_id = $1',
        [attacker.user.id],
      );
      expect(rows[0]!.n).toBe(30);
      expect(rows[0]!.bytes).toBeGreaterThan(400);
      const out = await push(t, attacker.cookie, [{ collection: 'messages', id: 'm1', fields: message('x'.repeat(1_500)) }]);
      expect(out.rejected).toHaveLength(1);
      const { createdAt: _set, file: _none, ...body } = message('x'.repeat(1_500));
      const rest = await t.call('POST', '/api/messages', body, attacker.cookie);
      expect([rest.status, ((await rest.json()) as { error: string }).error]).toEqual([413, expect.stringMatching(/at most/)]);
    } finally {
      await t.pool.end();
    }
  });

  it('six rounds of upload → attach → delete under a cap of 10 files keep at most 10 files', async () => {
    const t = await createPgTestApp(pgdb.url, { env: { AFTERWORD_LIMITS: JSON.stringify({ recordsPerCollection: 5 }) } });
    try {
      const { cookie, user } = await signUp(t);
      const call = callerOf(t, cookie);
      const folders = () => (existsSync(join(t.deps.config.dataDir, 'blobs', user.id)) ? readdirSync(join(t.deps.config.dataDir, 'blobs', user.id)).length : 0);
      for (let round = 0; round < 6; round++) {
        const files: EncryptedFile[] = [];
        for (let i = 0; i < 5; i++) {
          const f = await encryptFile(pdfWith(`round ${round} file ${i}`, 600), 'application/pdf', 1024);
          expect((await uploadFile(call, f)).status).toBe(200);
          files.push(f);
        }
        expect((await push(t, cookie, files.map((f, i) => ({ collection: 'messages', id: `m${i}`, fields: message('Hello', f) })))).rejected).toEqual([]);
        expect((await push(t, cookie, files.map((_, i) => ({ collection: 'messages', id: `m${i}`, fields: { _deleted: true } })))).rejected).toEqual([]);
        await t.services.blobs.lifetime.idle();
        expect(folders()).toBeLessThanOrEqual(10);
      }
      const { rows } = await pgdb.pool.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM blobs WHERE user_id = $1', [user.id]);
      expect(rows[0]!.n).toBeLessThanOrEqual(10);
    } finally {
      await t.pool.end();
    }
  });
});
