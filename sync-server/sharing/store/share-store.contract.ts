/**
 * The contract of the share store (share-store.ts, pg-share-store.ts): `setup` runs before each
 * test and gives an empty database with users `u1` and `u2`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { SHARE_KINDS } from '../../../shared/share-items';
import type { AsyncShareStore, ShareRow } from './share-store';

export interface ShareStoreSetup {
  store: AsyncShareStore;
  deleteUser(userId: string): Promise<void>;
  /** Inserts a row as raw SQL, bypassing the store (the table's checks must refuse a bad one). */
  insertRaw(row: ShareRow): Promise<void>;
}

const share = (id: string, userId: string, itemId: string, at: number, o: Partial<ShareRow> = {}): ShareRow => ({
  id,
  user_id: userId,
  item_kind: 'document',
  item_id: itemId,
  phase: 'created',
  revision: 0,
  owner_kid: 'docs~1',
  owner_wrap: `w1.wrap-${id}`,
  label: `s1.label-${id}`,
  copy: null,
  created_at: at,
  updated_at: at,
  opened_at: null,
  stopped_at: null,
  kept_kid: null,
  kept_wrap: null,
  kept_label: null,
  ...o,
});

export function shareStoreContract(name: string, setup: () => Promise<ShareStoreSetup>) {
  describe(`share store: ${name}`, () => {
    let s: ShareStoreSetup;
    beforeEach(async () => {
      s = await setup();
    });

    it('adds a share once per id, lists the owner\'s (per item, newest first), and never another account\'s', async () => {
      expect(await s.store.insert(share('a', 'u1', 'd1', 1000))).toBe(true);
      expect(await s.store.insert(share('a', 'u2', 'd9', 1000))).toBe(false); // the id is taken
      await s.store.insert(share('b', 'u1', 'd1', 2000));
      await s.store.insert(share('c', 'u1', 'd2', 3000));
      await s.store.insert(share('z', 'u2', 'd1', 4000));
      expect((await s.store.list('u1', 'd1')).map((r) => r.id)).toEqual(['b', 'a']);
      expect((await s.store.list('u1')).map((r) => r.id)).toEqual(['c', 'b', 'a']);
      expect(await s.store.get('a')).toEqual(share('a', 'u1', 'd1', 1000));
      expect(await s.store.countLive('u1')).toBe(3);
    });

    it('stores a share of every kind of item (a letter included: issue 43, by the owner\'s explicit choice), and refuses a kind it does not know', async () => {
      for (const [i, kind] of SHARE_KINDS.entries()) expect(await s.store.insert(share(`k${i}`, 'u1', `item-${kind}`, 1000 + i, { item_kind: kind }))).toBe(true);
      expect((await s.store.list('u1')).map((r) => r.item_kind).sort()).toEqual([...SHARE_KINDS].sort());
      await expect(s.insertRaw(share('bad', 'u1', 'x', 5000, { item_kind: 'diary' as ShareRow['item_kind'] }))).rejects.toThrow();
    });

    it('publishes only over the revision read (compare-and-set) and only the owner\'s own share', async () => {
      await s.store.insert(share('a', 'u1', 'd1', 1000));
      expect(await s.store.publish('u2', 'a', 0, 1, 's1.copy-1', 1100)).toBe(false); // another account
      expect(await s.store.publish('u1', 'a', 0, 1, 's1.copy-1', 1100)).toBe(true);
      expect(await s.store.publish('u1', 'a', 0, 1, 's1.copy-1b', 1150)).toBe(false); // a device that read revision 0
      expect(await s.store.publish('u1', 'a', 1, 2, 's1.copy-2', 1200)).toBe(true);
      expect(await s.store.get('a')).toMatchObject({ phase: 'active', revision: 2, copy: 's1.copy-2', updated_at: 1200 });
      await s.store.opened('a', 1300);
      expect((await s.store.get('a'))!.opened_at).toBe(1300);
    });

    it('keeps every opening of an active share (a reload within a minute is one; the newest 50), never another account\'s, and none once stopped', async () => {
      await s.store.insert(share('a', 'u1', 'd1', 1000));
      await s.store.opened('a', 1100); // not active yet: no opening
      await s.store.publish('u1', 'a', 0, 1, 's1.copy-1', 1100);
      await s.store.insert(share('z', 'u2', 'd9', 1000));
      await s.store.publish('u2', 'z', 0, 1, 's1.copy-z', 1100);
      await s.store.opened('z', 5000);
      for (const at of [10_000, 40_000, 200_000]) await s.store.opened('a', at);
      expect(await s.store.openings('u1')).toEqual([{ share_id: 'a', opened_at: 200_000 }, { share_id: 'a', opened_at: 10_000 }]);
      for (let i = 1; i <= 60; i++) await s.store.opened('a', 200_000 + i * 120_000);
      const kept = await s.store.openings('u1');
      expect(kept).toHaveLength(50);
      expect(kept[0]!.opened_at).toBe(200_000 + 60 * 120_000);
      expect((await s.store.get('a'))!.opened_at).toBe(200_000 + 60 * 120_000);
      await s.store.stop('u1', 'a', 9_000_000);
      await s.store.opened('a', 9_500_000);
      expect(await s.store.openings('u1')).toHaveLength(50);
      expect(await s.store.openings('u2')).toEqual([{ share_id: 'z', opened_at: 5000 }]);
    });

    it('openings of one share noted at once within the minute are one opening (issue 43 leftovers s23, 6: PostgreSQL recorded several)', async () => {
      await s.store.insert(share('a', 'u1', 'd1', 1000));
      await s.store.publish('u1', 'a', 0, 1, 's1.copy-1', 1100);
      const ROUNDS = 20;
      for (let round = 1; round <= ROUNDS; round++) {
        const at = round * 10 * 60_000;
        await Promise.all(Array.from({ length: 6 }, (_, i) => s.store.opened('a', at + i)));
      }
      expect(await s.store.openings('u1')).toHaveLength(ROUNDS);
    });

    it('stop deletes the copy, the wrap and the name at once, for good; only the owner stops it', async () => {
      await s.store.insert(share('a', 'u1', 'd1', 1000));
      await s.store.publish('u1', 'a', 0, 1, 's1.copy-1', 1100);
      expect(await s.store.stop('u2', 'a', 1200)).toBe(false);
      expect(await s.store.stop('u1', 'a', 1200)).toBe(true);
      expect(await s.store.get('a')).toMatchObject({ phase: 'stopped', copy: null, owner_wrap: null, owner_kid: null, label: null, stopped_at: 1200 });
      // The sealed name and the owner's wrap stay for the owner's timeline; never the copy.
      expect(await s.store.get('a')).toMatchObject({ kept_kid: 'docs~1', kept_wrap: 'w1.wrap-a', kept_label: 's1.label-a' });
      expect(await s.store.stop('u1', 'a', 1300)).toBe(false);
      expect(await s.store.publish('u1', 'a', 1, 2, 's1.copy-2', 1400)).toBe(false);
      await s.store.opened('a', 1500);
      expect((await s.store.get('a'))!.opened_at).toBeNull();
      expect(await s.store.countLive('u1')).toBe(0);
    });

    it('prunes the owner\'s stopped shares beyond the most recent ones, never a live one or another account\'s', async () => {
      for (const [i, id] of ['s1', 's2', 's3', 'live'].entries()) await s.store.insert(share(id, 'u1', 'd1', 1000 + i));
      await s.store.insert(share('other', 'u2', 'd1', 1000));
      for (const [i, id] of ['s1', 's2', 's3'].entries()) await s.store.stop('u1', id, 2000 + i);
      await s.store.stop('u2', 'other', 1500);
      await s.store.pruneStopped('u1', 2);
      expect((await s.store.list('u1')).map((r) => r.id).sort()).toEqual(['live', 's2', 's3']);
      expect(await s.store.get('other')).toBeDefined();
    });

    it('refuses a stopped row that keeps a copy or a wrap, an active row without a copy, and goes with its account', async () => {
      await expect(s.insertRaw(share('x', 'u1', 'd1', 1, { phase: 'stopped', stopped_at: 2, copy: 's1.kept' }))).rejects.toThrow();
      await expect(s.insertRaw(share('x', 'u1', 'd1', 1, { phase: 'stopped', stopped_at: 2, copy: null }))).rejects.toThrow(); // wrap and name kept
      await expect(s.insertRaw(share('x', 'u1', 'd1', 1, { phase: 'active', revision: 1 }))).rejects.toThrow();
      await s.store.insert(share('a', 'u1', 'd1', 1000));
      await s.deleteUser('u1');
      expect(await s.store.get('a')).toBeUndefined();
    });
  });
}
