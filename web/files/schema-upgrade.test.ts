/**
 * The v3 schema (issue #17) opens a database a v2 device wrote: records keep their data and the
 * new index by file finds only records that hold a file (a record without one is simply not in it).
 */
import { Dexie } from 'dexie';
import { describe, expect, it } from 'vitest';
import { databaseName } from '../db/schema';
import { newDeviceIndexedDb, openOnDevice } from '../db/test-device';

describe('Dexie schema v3 (files)', () => {
  it('upgrades a v2 database in place, indexing documents by the file they hold', async () => {
    const device = newDeviceIndexedDb();
    // The v2 layout as shipped before issue #17 (web/db/schema.ts versions 1 and 2).
    const old = new Dexie(databaseName('u-upgrade'), { indexedDB: device.indexedDB, IDBKeyRange: device.IDBKeyRange });
    old.version(1).stores({
      profile: 'id',
      deathPlan: 'id',
      messages: 'id, createdAt',
      documents: 'id, createdAt, documentType',
      trustees: 'id, createdAt',
      survivorTasks: 'id, createdAt, category, completionStatus',
      fieldState: '[collection+id]',
      outbox: '++seq, hlc',
      meta: 'key',
    });
    old.version(2).stores({ versions: '++seq, [collection+id+field]' });
    await old.table('documents').bulkPut([
      { id: 'd1', documentType: 'will', documentName: 'Will', documentUrl: 'https://example.com/will', createdAt: '2026-01-01T00:00:00.000Z' },
      { id: 'd2', documentType: 'will', documentName: 'Deed', documentUrl: null, file: { blobId: 'blob-id-0000000000001' }, createdAt: '2026-01-02T00:00:00.000Z' },
    ]);
    await old.table('messages').bulkPut([
      { id: 'm1', recipientName: 'Clara', createdAt: '2026-01-01T00:00:00.000Z', shares: ['AAAAAAAAAAAAAAAAAAAAAA'] },
      { id: 'm2', recipientName: 'Bert', createdAt: '2026-01-02T00:00:00.000Z' },
    ]);
    await old.table('outbox').add({ collection: 'documents', id: 'd1', hlc: 'x', fields: {} });
    old.close();

    const db = await openOnDevice('u-upgrade', () => Date.UTC(2026, 10, 23), device);
    expect(db.dexie.verno).toBe(7); // through v3 (files), v4 (sealing errors, web/sync/sealing.ts), v5 (share refreshes), v6 (shares made offline) and v7 (letters by their live shares)
    expect(await db.dexie.entities('documents').count()).toBe(2);
    expect(await db.dexie.outbox.count()).toBe(1);
    expect((await db.dexie.entities('documents').where('file.blobId').equals('blob-id-0000000000001').toArray()).map((d) => d.id)).toEqual(['d2']);
    // v7: a letter that held a live share before the upgrade is found by the new index (no share missed).
    expect(await db.dexie.entities('messages').where('shares').above('').primaryKeys()).toEqual(['m1']);
    expect(await db.dexie.files.count()).toBe(0);
    expect(await db.dexie.attachments.count()).toBe(0);
  });
});
