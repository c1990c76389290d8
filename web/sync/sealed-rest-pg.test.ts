/**
 * The sealed REST form on PostgreSQL (README.md "Sealed accounts over REST"; issue #19: every
 * store on PostgreSQL): a message created by REST with the client's envelopes at its HLC opens on
 * a device; a stale HLC is refused in the merge's own transaction and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { seal } from '../../shared/crypto/envelope';
import { sealedScope } from '../../shared/crypto/fields';
import { createPgTestApp, usePgDatabase } from '../../sync-server/test/pg-test-support';
import { signedInTransport } from '../../sync-server/test/client-test-support';
import { openOnDevice } from '../db/test-device';
import { createSyncEngine } from './engine';
import { sealAccount } from './test-sealed';

const hlcAt = (ms: number, counter = 0) => `${String(ms).padStart(15, '0')}-${counter.toString(36).padStart(4, '0')}-00000000000000aa`;

describe('sealed REST on PostgreSQL', () => {
  const pgdb = usePgDatabase();

  it('POST /api/messages with envelopes opens on a device; a PATCH at a stale HLC is 409 and changes nothing', async () => {
    const t = await createPgTestApp(pgdb.url);
    try {
      const { userId, cookie, transport } = await signedInTransport(t);
      const sealing = await sealAccount(t, userId, transport);
      await (await sealing.keysFor()).addScope('msg:pgrest1');
      const ring = await sealing.accountRing();
      const sealAt = (hlc: string, values: Record<string, unknown>) =>
        Promise.all(Object.entries(values).map(async ([field, v]) => [field, await seal(ring.current(sealedScope('messages', 'pgrest1', field)!)!, { userId, collection: 'messages', recordId: 'pgrest1', field }, hlc, v)] as const)).then(Object.fromEntries);
      t.advance(1000);
      const hlc = hlcAt(t.deps.now(), 3);
      const body = { id: 'pgrest1', hlc, recipientEmail: 'kim@example.com', deliveryDate: null, ...(await sealAt(hlc, { recipientName: 'Kim', messageType: 'text', messageContent: 'Canary-Pg-Rest words.' })) };
      const created = await t.call('POST', '/api/messages', body, cookie);
      expect(created.status, await created.clone().text()).toBe(201);
      const stale = hlcAt(t.deps.now(), 2);
      const refused = await t.call('PATCH', '/api/messages/pgrest1', { hlc: stale, ...(await sealAt(stale, { messageContent: 'Stale.' })) }, cookie);
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { clocks: Record<string, string> }).clocks.messageContent).toBe(hlc);

      const db = await openOnDevice(userId, () => t.deps.now());
      const engine = createSyncEngine({ db, transport, keys: await sealing.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
      await engine.syncNow();
      await engine.stop();
      expect(engine.snapshot().unopened).toBeUndefined();
      expect(await db.dexie.entities('messages').get('pgrest1')).toMatchObject({ recipientName: 'Kim', messageType: 'text', messageContent: 'Canary-Pg-Rest words.' });
      const { rows } = await t.pool.query("SELECT count(*)::int AS n FROM records WHERE state LIKE '%Canary-Pg-Rest%'");
      expect(rows[0].n).toBe(0);
      db.close();
    } finally {
      await t.pool.end();
    }
  });
});
