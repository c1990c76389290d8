/**
 * Sealed sync on PostgreSQL (shared/sync/README.md rules 24–26; issue #19: every store on
 * PostgreSQL): the key store, the envelope checks in the push's own transaction and the REST
 * refusal work there as on SQLite. Two devices of a sealed account over the real engine.
 */
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol';
import { createPgTestApp, usePgDatabase } from '../../sync-server/test/pg-test-support';
import { serverRecords, signedInTransport } from '../../sync-server/test/client-test-support';
import { openOnDevice } from '../db/test-device';
import { createSyncEngine } from './engine';
import { sealAccount } from './test-sealed';

describe('sealed sync on PostgreSQL', () => {
  const pgdb = usePgDatabase();

  it('two devices read each other’s words; the server holds envelopes and refuses plaintext (push: a reason; REST: 422)', async () => {
    const t = await createPgTestApp(pgdb.url);
    try {
      const { userId, cookie, transport } = await signedInTransport(t);
      const sealing = await sealAccount(t, userId, transport);
      const sync = async (db: Awaited<ReturnType<typeof openOnDevice>>) => {
        const engine = createSyncEngine({ db, transport, keys: await sealing.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
        await engine.syncNow();
        await engine.stop();
        return engine.snapshot();
      };
      const a = await openOnDevice(userId, () => t.deps.now());
      await sync(a);
      await a.write('messages', 'm1', { recipientName: 'Jo', recipientEmail: 'jo@example.com', messageType: 'text', messageContent: 'Canary-Pg-Letter for Jo.', deliveryDate: null, createdAt: '2026-11-21T12:00:00.000Z' });
      expect((await sync(a)).status).toBe('synced');
      const b = await openOnDevice(userId, () => t.deps.now());
      const bState = await sync(b);
      expect(bState.status).toBe('synced');
      expect(bState.unopened).toBeUndefined();
      expect(await b.dexie.entities('messages').get('m1')).toMatchObject({ recipientName: 'Jo', messageContent: 'Canary-Pg-Letter for Jo.' });
      const m1 = (await serverRecords(transport)).find((r) => r.id === 'm1')!;
      expect(m1.values.messageContent).toMatch(/^v1\.msg:m1~1\./);
      const { rows } = await t.pool.query("SELECT count(*)::int AS n FROM records WHERE state LIKE '%Canary-Pg-Letter%'");
      expect(rows[0].n).toBe(0);
      const hlc = `${String(t.deps.now()).padStart(15, '0')}-0000-0123456789abcdef`;
      const res = await transport({ protocol: PROTOCOL_VERSION, cursor: 0, changes: [{ collection: 'trustees', id: 'p1', hlc, fields: { name: 'Plain Name', email: 'jo@example.com', accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' } }] });
      expect(res.rejected[0]?.reason).toMatch(/^trustees\.name: must be sealed/);
      expect((await t.call('POST', '/api/trustees', { name: 'Plain Name', email: 'jo@example.com', accessLevel: 'full' }, cookie)).status).toBe(422);
      a.close();
      b.close();
    } finally {
      await t.pool.end();
    }
  });
});
