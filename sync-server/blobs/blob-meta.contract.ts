/**
 * The contract of blob metadata (blob-meta-store.ts), SQLite's (through its asynchronous
 * adapter) and PostgreSQL's: every method, transactions, and two instances checking one
 * account's quota at once never admitting more than fits. `setup` runs before each test and
 * gives an empty database.
 */
import { describe, expect, it } from 'vitest';
import { formatHlc } from '../../shared/sync';
import type { AsyncRecordStore, RecordStore } from '../records/store/record-store';
import type { BlobRow } from './model';
import type { AsyncBlobMeta } from './blob-meta-store';

export interface BlobMetaSetup {
  meta: AsyncBlobMeta;
  /** A second instance on the same database (its own connection/pool). */
  second: AsyncBlobMeta;
  /** The same database's record store (records refer to blobs). */
  records: RecordStore | AsyncRecordStore;
  addUser(id: string): unknown;
}

const upload = (userId: string, blobId: string, o: Partial<BlobRow> = {}) => ({
  user_id: userId,
  blob_id: blobId,
  size: 1000,
  chunk_size: 512,
  chunk_count: 2,
  encrypted_size: 1056,
  created_at: 100,
  referenced_at: null as number | null,
  ...o,
});
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function blobMetaContract(name: string, setup: () => Promise<BlobMetaSetup>): void {
  describe(`BlobMeta contract: ${name}`, () => {
    it('an upload is stored, completed once, counted until it is being deleted, and removed only then', async () => {
      const { meta, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      expect(await meta.get('u1', 'b1')).toBeNull();
      expect(await meta.usedBytes('u1')).toBe(0);
      await meta.insert(upload('u1', 'b1'));
      await meta.insert(upload('u1', 'b2', { encrypted_size: 44, referenced_at: 150 }));
      await meta.insert(upload('u2', 'b1', { encrypted_size: 7 }));
      expect(await meta.get('u1', 'b1')).toEqual({ ...upload('u1', 'b1'), state: 'uploading', mime_type: null, completed_at: null, released_at: null });
      expect(await meta.count('u1')).toBe(2);
      expect(await meta.usedBytes('u1')).toBe(1100);
      expect(await meta.complete('u1', 'b1', 200)).toBe(true);
      expect(await meta.complete('u1', 'b1', 300)).toBe(false);
      expect(await meta.get('u1', 'b1')).toMatchObject({ state: 'complete', mime_type: null, completed_at: 200 }); // the server never learns the type
      await meta.remove('u1', 'b1'); // not being deleted: kept
      expect(await meta.get('u1', 'b1')).not.toBeNull();
      await meta.markDeleting('u1', 'b1');
      expect(await meta.count('u1')).toBe(1);
      expect(await meta.usedBytes('u1')).toBe(44);
      expect((await meta.deleting(10)).map((b) => b.blob_id)).toEqual(['b1']);
      expect(await meta.complete('u1', 'b1', 300)).toBe(false);
      await meta.remove('u1', 'b1');
      expect(await meta.get('u1', 'b1')).toBeNull();
      expect(await meta.deleting(10)).toEqual([]);
      expect(await meta.usedBytes('u2')).toBe(7);
    });

    it('referenced once (the first time is kept); abandoned = never referenced, older than the cut-off, oldest first, not being deleted', async () => {
      const { meta, addUser } = await setup();
      await addUser('u1');
      await meta.insert(upload('u1', 'old', { created_at: 10 }));
      await meta.insert(upload('u1', 'older', { created_at: 5 }));
      await meta.insert(upload('u1', 'new', { created_at: 500 }));
      await meta.insert(upload('u1', 'ref', { created_at: 1 }));
      await meta.insert(upload('u1', 'gone', { created_at: 2 }));
      await meta.markReferenced('u1', 'ref', 20);
      await meta.markReferenced('u1', 'ref', 30);
      await meta.markDeleting('u1', 'gone');
      expect((await meta.get('u1', 'ref'))!.referenced_at).toBe(20);
      expect((await meta.abandoned(100, 10)).map((b) => b.blob_id)).toEqual(['older', 'old']);
      expect((await meta.abandoned(100, 1)).map((b) => b.blob_id)).toEqual(['older']);
    });

    it('released: not counted against quota but counted as files until deleted, kept bytes summed, listed oldest first once old enough; referenced again, its bytes count again', async () => {
      const { meta, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      await meta.insert(upload('u1', 'a', { encrypted_size: 100, referenced_at: 1 }));
      await meta.insert(upload('u1', 'b', { encrypted_size: 200, referenced_at: 1 }));
      await meta.insert(upload('u2', 'c', { encrypted_size: 400, referenced_at: 1 }));
      await meta.markReleased('u1', 'b', 50);
      await meta.markReleased('u1', 'a', 60);
      await meta.markReleased('u1', 'a', 90); // the first release is kept
      await meta.markReleased('u2', 'c', 70);
      expect([await meta.usedBytes('u1'), await meta.count('u1'), await meta.releasedBytes('u1')]).toEqual([0, 2, 300]);
      expect((await meta.oldestReleased('u1', 10)).map((r) => r.blob_id)).toEqual(['b', 'a']);
      expect((await meta.released(75, 10)).map((r) => `${r.user_id}/${r.blob_id}`)).toEqual(['u1/b', 'u1/a', 'u2/c']);
      expect((await meta.released(55, 10)).map((r) => r.blob_id)).toEqual(['b']);
      await meta.markReferenced('u1', 'b', 80);
      expect([await meta.usedBytes('u1'), await meta.count('u1'), await meta.releasedBytes('u1')]).toEqual([200, 2, 100]);
      expect(await meta.get('u1', 'b')).toMatchObject({ released_at: null, referenced_at: 1 });
      await meta.markDeleting('u1', 'a');
      expect(await meta.releasedBytes('u1')).toBe(0);
      expect(await meta.count('u1')).toBe(1);
      expect((await meta.released(1000, 10)).map((r) => r.blob_id)).toEqual(['c']);
    });

    it('isReferenced: a live document or message of the same account whose file names the blob', async () => {
      const { meta, records, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      let ms = 0;
      const push = (u: string, collection: 'documents' | 'messages' | 'survivorTasks', id: string, fields: Record<string, unknown>) =>
        records.applyChanges(u, [{ collection, id, hlc: formatHlc({ ms: ++ms, counter: 0, node: 'dev' }), fields }]);
      await push('u1', 'documents', 'd1', { name: 'Will', file: { blobId: 'b-doc', name: 'will.pdf' } });
      await push('u1', 'messages', 'm1', { file: { blobId: 'b-msg' } });
      await push('u1', 'survivorTasks', 't1', { file: { blobId: 'b-task' } });
      await push('u1', 'documents', 'd2', { file: { blobId: 'b-del' } });
      await push('u1', 'documents', 'd2', { _deleted: true });
      await push('u1', 'documents', 'd3', { file: { blobId: 42 } });
      // A sealed record's `file` is an envelope the server cannot read; `fileBlobId` beside it names the blob (records/file-refs.ts).
      await push('u1', 'messages', 'm2', { file: 'afw1.sealed-envelope', fileBlobId: 'b-sealed' });
      expect(await meta.isReferenced('u1', 'b-sealed')).toBe(true);
      expect(await meta.isReferenced('u2', 'b-sealed')).toBe(false);
      expect(await meta.isReferenced('u1', 'b-doc')).toBe(true);
      expect(await meta.isReferenced('u1', 'b-msg')).toBe(true);
      expect(await meta.isReferenced('u2', 'b-doc')).toBe(false);
      expect(await meta.isReferenced('u1', 'b-task')).toBe(false);
      expect(await meta.isReferenced('u1', 'b-del')).toBe(false);
      expect(await meta.isReferenced('u1', '42')).toBe(false);
    });

    it('markDeletingUnlessReferenced: marks a blob no live record names, in one step; never one a record names', async () => {
      const { meta, records, addUser } = await setup();
      await addUser('u1');
      await records.applyChanges('u1', [{ collection: 'documents', id: 'd1', hlc: formatHlc({ ms: 1, counter: 0, node: 'dev' }), fields: { file: { blobId: 'kept' } } }]);
      await records.applyChanges('u1', [{ collection: 'messages', id: 'm1', hlc: formatHlc({ ms: 2, counter: 0, node: 'dev' }), fields: { file: 'afw1.sealed-envelope', fileBlobId: 'sealed' } }]);
      for (const id of ['kept', 'sealed', 'loose']) await meta.insert(upload('u1', id, { referenced_at: 5 }));
      for (const id of ['kept', 'sealed']) {
        expect(await meta.transaction((tx) => tx.markDeletingUnlessReferenced('u1', id))).toBe(false);
        expect(await meta.get('u1', id)).toMatchObject({ state: 'uploading' });
      }
      expect(await meta.transaction((tx) => tx.markDeletingUnlessReferenced('u1', 'loose'))).toBe(true);
      expect(await meta.get('u1', 'loose')).toMatchObject({ state: 'deleting' });
      expect(await meta.transaction((tx) => tx.markDeletingUnlessReferenced('u1', 'loose'))).toBe(false); // already
      expect(await meta.transaction((tx) => tx.markDeletingUnlessReferenced('u1', 'never'))).toBe(false);
    });

    it('a transaction commits together or keeps nothing', async () => {
      const { meta, addUser } = await setup();
      await addUser('u1');
      await meta.transaction(async (tx) => {
        await tx.insert(upload('u1', 'b1'));
        expect(await tx.count('u1')).toBe(1);
        await tx.complete('u1', 'b1', 5);
      });
      expect(await meta.get('u1', 'b1')).toMatchObject({ state: 'complete' });
      await expect(
        meta.transaction(async (tx) => {
          await tx.insert(upload('u1', 'b2'));
          await tx.markDeleting('u1', 'b1');
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect(await meta.get('u1', 'b2')).toBeNull();
      expect(await meta.get('u1', 'b1')).toMatchObject({ state: 'complete' });
    });

    it('two instances starting uploads of one account at once never go over its quota', async () => {
      const { meta, second, addUser } = await setup();
      await addUser('u1');
      const QUOTA = 1000;
      const start = (m: AsyncBlobMeta, i: number) =>
        m.transaction(async (tx) => {
          const used = await tx.usedBytes('u1');
          await later(i % 3);
          if (used + 300 > QUOTA) return false;
          await tx.insert(upload('u1', `b${i}`, { encrypted_size: 300 }));
          return true;
        });
      const admitted = await Promise.all(Array.from({ length: 8 }, (_, i) => start(i % 2 ? second : meta, i)));
      expect(admitted.filter(Boolean)).toHaveLength(3);
      expect(await meta.usedBytes('u1')).toBe(900);
    });
  });
}
