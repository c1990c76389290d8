/**
 * The contract every RecordStore implementation passes (STYLE.md: tldraw's storage contract
 * suite). Call `recordStoreContract(name, setup)` from an implementation's test file.
 */
import { describe, expect, it } from 'vitest';
import { formatHlc, type Change } from '../../shared/sync';
import type { RecordStore } from './record-store';

export interface ContractSetup {
  store: RecordStore;
  /** Creates an account so records can belong to it. */
  addUser(id: string): void;
}

const h = (ms: number, node = 'a') => formatHlc({ ms, counter: 0, node });
const change = (id: string, fields: Record<string, unknown>, hlc: string, collection: Change['collection'] = 'trustees'): Change => ({
  collection,
  id,
  hlc,
  fields,
});

export function recordStoreContract(name: string, setup: () => ContractSetup): void {
  describe(`RecordStore contract: ${name}`, () => {
    it('rule 4: applies changes field by field, greater HLC wins, repeats change nothing', () => {
      const { store, addUser } = setup();
      addUser('u1');
      store.applyChanges('u1', [change('t1', { name: 'Ann', email: 'a@x.co' }, h(2))]);
      const changed = store.applyChanges('u1', [change('t1', { name: 'Old' }, h(1)), change('t1', { email: 'b@x.co' }, h(3))]);
      expect(changed).toHaveLength(1);
      expect(store.get('u1', 'trustees', 't1')!.values).toEqual({ name: 'Ann', email: 'b@x.co' });
      expect(store.applyChanges('u1', [change('t1', { email: 'b@x.co' }, h(3))])).toHaveLength(0);
    });

    it('latestSeq (where offered) moves with every change of the account, and with nothing else', () => {
      const { store, addUser } = setup();
      if (!store.latestSeq) return;
      addUser('u1');
      addUser('u2');
      expect(store.latestSeq('u1')).toBe(0);
      store.applyChanges('u1', [change('t1', { name: 'Ann' }, h(1))]);
      const first = store.latestSeq('u1');
      expect(first).toBeGreaterThan(0);
      store.applyChanges('u2', [change('t1', { name: 'Bob' }, h(2))]);
      store.applyChanges('u1', [change('t1', { name: 'Old' }, h(0))]); // loses: nothing changes
      expect(store.latestSeq('u1')).toBe(first);
      expect(store.latestSeq('u1', 'trustees')).toBe(first);
      store.applyChanges('u1', [change('m1', { recipientName: 'Kit' }, h(4), 'messages')]);
      expect(store.latestSeq('u1', 'trustees')).toBe(first); // another collection's change
      expect(store.latestSeq('u1', 'messages')).toBeGreaterThan(first);
      store.applyChanges('u1', [change('t1', { _deleted: true }, h(3))]);
      expect(store.latestSeq('u1')).toBeGreaterThan(first);
      expect(store.latestSeq('u1', 'trustees')).toBe(store.latestSeq('u1'));
      expect(store.pull('u1', store.latestSeq('u1'), 10)).toEqual({ records: [], cursor: store.latestSeq('u1'), hasMore: false });
    });

    it('rule 13: sequences increase; pull pages by cursor and costs only what changed', () => {
      const { store, addUser } = setup();
      addUser('u1');
      for (let i = 0; i < 5; i++) store.applyChanges('u1', [change(`t${i}`, { name: `N${i}` }, h(10 + i))]);
      const p1 = store.pull('u1', 0, 2);
      expect(p1.records.map((r) => r.id)).toEqual(['t0', 't1']);
      expect(p1.hasMore).toBe(true);
      const p2 = store.pull('u1', p1.cursor, 10);
      expect(p2.records.map((r) => r.id)).toEqual(['t2', 't3', 't4']);
      expect(p2.hasMore).toBe(false);
      expect(store.pull('u1', p2.cursor, 10)).toEqual({ records: [], cursor: p2.cursor, hasMore: false });
      store.applyChanges('u1', [change('t1', { name: 'Changed' }, h(99))]);
      expect(store.pull('u1', p2.cursor, 10).records.map((r) => r.id)).toEqual(['t1']);
    });

    it('rule 5: tombstoned records leave list() and counts() but stay pullable', () => {
      const { store, addUser } = setup();
      addUser('u1');
      store.applyChanges('u1', [change('t1', { name: 'A' }, h(1)), change('t2', { name: 'B' }, h(1, 'b'))]);
      store.applyChanges('u1', [change('t1', { _deleted: true }, h(2))]);
      expect(store.list('u1', 'trustees').map((r) => r.id)).toEqual(['t2']);
      expect(store.counts('u1').trustees).toBe(1);
      expect(store.pull('u1', 0, 10).records.find((r) => r.id === 't1')!.values._deleted).toBe(true);
    });

    it('rule 15: users never see each other\'s records', () => {
      const { store, addUser } = setup();
      addUser('u1');
      addUser('u2');
      store.applyChanges('u1', [change('same', { name: 'Mine' }, h(1))]);
      store.applyChanges('u2', [change('same', { name: 'Theirs' }, h(1))]);
      expect(store.get('u1', 'trustees', 'same')!.values.name).toBe('Mine');
      expect(store.pull('u2', 0, 10).records.map((r) => r.values.name)).toEqual(['Theirs']);
      expect(store.list('u1', 'trustees')).toHaveLength(1);
    });

    it('rule 12: a batch is all or nothing', () => {
      const { store, addUser } = setup();
      addUser('u1');
      // A change for an account that does not exist fails the batch; the valid one must not land.
      expect(() => store.applyChanges('ghost', [change('t1', { name: 'A' }, h(1))])).toThrow();
      expect(store.pull('ghost', 0, 10).records).toHaveLength(0);
    });
  });
}
