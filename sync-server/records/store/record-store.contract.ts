/**
 * The contract every record store passes, synchronous (SQLite) or asynchronous (PostgreSQL)
 * (STYLE.md: tldraw's storage contract suite). Every store call is awaited, so one suite serves
 * both. Call `recordStoreContract(name, setup)` from an implementation's test file; `setup` runs
 * before each test and must give an empty store.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { conflictKey, formatHlc, RESTORABLE_FIELD, type Change } from '../../../shared/sync';
import { MARK_STEP } from './backlog-marks';
import { MAX_HISTORY_PER_FIELD, type AsyncRecordStore, type RecordStore } from './record-store';
import type { CollectionName } from '../../../shared/schema';

export interface ContractSetup {
  /** An empty store whose pull pages stop at ACCOUNT_LIMITS.pullPageBytes. */
  store: RecordStore | AsyncRecordStore;
  /** Creates an account so records can belong to it. */
  addUser(id: string): unknown;
}

const h = (ms: number, node = 'a') => formatHlc({ ms, counter: 0, node });
const change = (id: string, fields: Record<string, unknown>, hlc: string, collection: Change['collection'] = 'trustees'): Change => ({
  collection,
  id,
  hlc,
  fields,
});
const text = (id: string, messageContent: string, hlc: string, base?: string): Change => ({
  ...change(id, { messageContent }, hlc, 'messages'),
  ...(base === undefined ? {} : { bases: { messageContent: base } }),
});

export function recordStoreContract(name: string, setup: () => ContractSetup | Promise<ContractSetup>): void {
  describe(`RecordStore contract: ${name}`, () => {
    it('rule 4: applies changes field by field, greater HLC wins, repeats change nothing', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await store.applyChanges('u1', [change('t1', { name: 'Ann', email: 'a@x.co' }, h(2))]);
      const changed = await store.applyChanges('u1', [change('t1', { name: 'Old' }, h(1)), change('t1', { email: 'b@x.co' }, h(3))]);
      expect(changed).toHaveLength(1);
      expect((await store.get('u1', 'trustees', 't1'))!.values).toEqual({ name: 'Ann', email: 'b@x.co' });
      expect(await store.applyChanges('u1', [change('t1', { email: 'b@x.co' }, h(3))])).toHaveLength(0);
    });

    it('latestSeq (where offered) moves with every change of the account, and with nothing else', async () => {
      const { store, addUser } = await setup();
      if (!('latestSeq' in store) || !store.latestSeq) return; // optional: SQLite's list cache uses it
      const latest = (u: string, c?: CollectionName) => store.latestSeq!(u, c);
      await addUser('u1');
      await addUser('u2');
      expect(await latest('u1')).toBe(0);
      await store.applyChanges('u1', [change('t1', { name: 'Ann' }, h(1))]);
      const first = await latest('u1');
      expect(first).toBeGreaterThan(0);
      await store.applyChanges('u2', [change('t1', { name: 'Bob' }, h(2))]);
      await store.applyChanges('u1', [change('t1', { name: 'Old' }, h(0))]); // loses: nothing changes
      expect(await latest('u1')).toBe(first);
      expect(await latest('u1', 'trustees')).toBe(first);
      await store.applyChanges('u1', [change('m1', { recipientName: 'Kit' }, h(4), 'messages')]);
      expect(await latest('u1', 'trustees')).toBe(first); // another collection's change
      expect(await latest('u1', 'messages')).toBeGreaterThan(first);
      await store.applyChanges('u1', [change('t1', { _deleted: true }, h(3))]);
      expect(await latest('u1')).toBeGreaterThan(first);
      expect(await latest('u1', 'trustees')).toBe(await latest('u1'));
      expect(await store.pull('u1', await latest('u1'), 10)).toEqual({ records: [], cursor: await latest('u1'), hasMore: false });
    });

    it('backlog (where offered): the account\'s records and those after a cursor, tombstones counted, other accounts not', async () => {
      const { store, addUser } = await setup();
      if (!('backlog' in store) || !store.backlog) return; // optional: the pull answer's total and remaining (issue 41)
      await addUser('u1');
      await addUser('u2');
      expect(await store.backlog('u1', 0)).toEqual({ total: 0, remaining: 0 });
      for (let i = 0; i < 5; i++) await store.applyChanges('u1', [change(`t${i}`, { name: `N${i}` }, h(10 + i))]);
      await store.applyChanges('u2', [change('t9', { name: 'Bob' }, h(20))]);
      await store.applyChanges('u1', [change('t0', { _deleted: true }, h(30))]);
      const p1 = await store.pull('u1', 0, 2);
      expect(await store.backlog('u1', p1.cursor)).toEqual({ total: 5, remaining: 3 });
      expect(await store.backlog('u1', 0)).toEqual({ total: 5, remaining: 5 });
      expect(await store.backlog('u2', 0)).toEqual({ total: 1, remaining: 1 });
    });

    it('backlog (where offered) is exact at every cursor past its marks (issue 40: a page counts from the mark below it), and after a change', async () => {
      const { store, addUser } = await setup();
      if (!('backlog' in store) || !store.backlog) return;
      await addUser('u1');
      await addUser('u2');
      const n = 2 * MARK_STEP + 5; // two marks and a few after them
      const batch = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => change(`t${from + i}`, { name: `N${from + i}` }, h(10 + from + i)));
      await store.applyChanges('u1', batch(0, MARK_STEP - 1));
      await store.applyChanges('u2', [change('x', { name: 'X' }, h(5))]); // another account's sequence between this one's
      await store.applyChanges('u1', batch(MARK_STEP - 1, n));
      const seqs = (await store.pull('u1', 0, n)).records.map((r) => r.seq);
      expect(seqs).toHaveLength(n);
      for (const cursor of [0, ...seqs.flatMap((s) => [s - 1, s]), seqs.at(-1)! + 10]) {
        expect([cursor, await store.backlog('u1', cursor)]).toEqual([cursor, { total: n, remaining: seqs.filter((s) => s > cursor).length }]);
      }
      await store.applyChanges('u1', [change('t0', { name: 'Changed' }, h(9_999))]); // t0 moves to the end
      expect(await store.backlog('u1', seqs.at(-1)!)).toEqual({ total: n, remaining: 1 });
      expect(await store.backlog('u1', seqs[MARK_STEP - 1]!)).toEqual({ total: n, remaining: n - MARK_STEP + 1 });
    });

    it('rule 13: sequences increase; pull pages by cursor and costs only what changed', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      for (let i = 0; i < 5; i++) await store.applyChanges('u1', [change(`t${i}`, { name: `N${i}` }, h(10 + i))]);
      const p1 = await store.pull('u1', 0, 2);
      expect(p1.records.map((r) => r.id)).toEqual(['t0', 't1']);
      expect(p1.hasMore).toBe(true);
      const p2 = await store.pull('u1', p1.cursor, 10);
      expect(p2.records.map((r) => r.id)).toEqual(['t2', 't3', 't4']);
      expect(p2.hasMore).toBe(false);
      expect(await store.pull('u1', p2.cursor, 10)).toEqual({ records: [], cursor: p2.cursor, hasMore: false });
      await store.applyChanges('u1', [change('t1', { name: 'Changed' }, h(99))]);
      expect((await store.pull('u1', p2.cursor, 10)).records.map((r) => r.id)).toEqual(['t1']);
    });

    it('rule 13: one batch gives each changed record one new sequence, in order; the returned records are what is stored', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      const out = await store.applyChanges('u1', [
        change('a', { name: 'A' }, h(1)),
        change('b', { name: 'B' }, h(2)),
        change('a', { email: 'a@x.co' }, h(3)),
      ]);
      expect(out.map((r) => r.id)).toEqual(['a', 'b']);
      expect(out[0]!.seq).toBeLessThan(out[1]!.seq);
      expect(out[0]!.values).toEqual({ name: 'A', email: 'a@x.co' });
      expect(await store.get('u1', 'trustees', 'a')).toEqual(out[0]);
      expect((await store.pull('u1', 0, 10)).records).toEqual(out);
    });

    it('rule 5: tombstoned records leave list() and counts() for listDeleted() but stay pullable', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await store.applyChanges('u1', [change('t1', { name: 'A' }, h(1)), change('t2', { name: 'B' }, h(1, 'b'))]);
      await store.applyChanges('u1', [change('t1', { _deleted: true }, h(2))]);
      expect((await store.list('u1', 'trustees')).map((r) => r.id)).toEqual(['t2']);
      expect((await store.listDeleted('u1', 'trustees')).map((r) => [r.id, r.values._deleted])).toEqual([['t1', true]]);
      expect(await store.listDeleted('u1', 'messages')).toEqual([]);
      expect((await store.counts('u1')).trustees).toBe(1);
      expect((await store.counts('u1')).messages).toBe(0);
      expect((await store.pull('u1', 0, 10)).records.find((r) => r.id === 't1')!.values._deleted).toBe(true);
    });

    it("rule 15: users never see each other's records", async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      await store.applyChanges('u1', [change('same', { name: 'Mine' }, h(1))]);
      await store.applyChanges('u2', [change('same', { name: 'Theirs' }, h(1))]);
      expect((await store.get('u1', 'trustees', 'same'))!.values.name).toBe('Mine');
      expect((await store.pull('u2', 0, 10)).records.map((r) => r.values.name)).toEqual(['Theirs']);
      expect(await store.list('u1', 'trustees')).toHaveLength(1);
      expect(await store.get('u2', 'trustees', 'nothing')).toBeNull();
    });

    it('rule 12: a batch is all or nothing', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      // A change for an account that does not exist fails the batch; the valid one must not land.
      await expect(async () => store.applyChanges('ghost', [change('t1', { name: 'A' }, h(1))])).rejects.toThrow();
      expect((await store.pull('ghost', 0, 10)).records).toHaveLength(0);
    });

    it('rule 20: a long text that loses to a writer who had not seen it is kept as a conflict field; a repeat keeps nothing new', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await store.applyChanges('u1', [text('m1', 'first', h(1))]);
      await store.applyChanges('u1', [text('m1', 'A wrote this', h(2, 'devA'), h(1))]);
      // B edited from h(1) too and is newer: A's text is kept.
      await store.applyChanges('u1', [text('m1', 'B wrote this', h(3, 'devB'), h(1))]);
      const r = (await store.get('u1', 'messages', 'm1'))!;
      expect(r.values.messageContent).toBe('B wrote this');
      expect(r.values[conflictKey('messageContent', h(2, 'devA'))]).toEqual({ text: 'A wrote this', at: h(2, 'devA') });
      // An older offline edit loses and is kept; sent again it changes nothing (same sequence).
      await store.applyChanges('u1', [text('m1', 'offline', h(2, 'devC'), h(1))]);
      const seq = (await store.get('u1', 'messages', 'm1'))!.seq;
      expect((await store.get('u1', 'messages', 'm1'))!.values[conflictKey('messageContent', h(2, 'devC'))]).toEqual({ text: 'offline', at: h(2, 'devC') });
      expect(await store.applyChanges('u1', [text('m1', 'offline', h(2, 'devC'), h(1))])).toEqual([]);
      expect((await store.get('u1', 'messages', 'm1'))!.seq).toBe(seq);
    });

    it(`rule 21: replaced long texts are kept, newest first, at most ${MAX_HISTORY_PER_FIELD} per field, for their owner only`, async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      for (let i = 0; i < 25; i++) await store.applyChanges('u1', [text('m1', `v${i}`, h(10 + i), i ? h(9 + i) : undefined)]);
      const history = await store.history('u1', 'messages', 'm1', 'messageContent');
      expect(history).toHaveLength(MAX_HISTORY_PER_FIELD);
      expect(history[0]).toEqual({ text: 'v23', at: h(33) });
      expect(history.at(-1)!.text).toBe('v4');
      expect(await store.history('u2', 'messages', 'm1', 'messageContent')).toEqual([]);
    });

    it('rule 22: an edit that lands on a deleted record sets _restorable; the record stays deleted', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await store.applyChanges('u1', [change('t1', { name: 'A' }, h(1)), change('t1', { _deleted: true }, h(2))]);
      await store.applyChanges('u1', [change('t1', { name: 'Edited offline' }, h(3, 'b'))]);
      const r = (await store.get('u1', 'trustees', 't1'))!;
      expect(r.values).toMatchObject({ name: 'Edited offline', _deleted: true, [RESTORABLE_FIELD]: { at: h(3, 'b') } });
      expect(await store.list('u1', 'trustees')).toEqual([]);
    });

    it('pullJson: the same pages as pull, each record as its JSON text (the sync route sends them without parsing them)', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      const big = 'y'.repeat(150 * 1024);
      await store.applyChanges('u1', [
        change('t1', { name: 'Zoë "Ann" \\ O\'Neil \u2028 😀', email: 'a@x.co', n: 1.5e-7, big: 2 ** 60, list: { a1: { text: 'x', pos: -0.25 } }, none: null, yes: true }, h(1)),
        text('m1', big, h(2)),
        text('m2', big, h(3)),
        change('t2', { name: 'Gone' }, h(4)),
        change('d1', { documentName: 'v1.docs~1.AAAAAAAAAAAAAAAA.BBBB', createdAt: '2026-11-27T12:00:00.000Z' }, h(5), 'documents'),
      ]);
      await store.applyChanges('u1', [change('t2', { _deleted: true }, h(6)), text('m3', big, h(7))]);
      await store.applyChanges('u2', [change('t9', { name: 'Not yours' }, h(8))]);
      for (const limit of [2, 500]) {
        let cursor = 0;
        for (let pages = 0; ; pages++) {
          const page = await store.pull('u1', cursor, limit);
          const json = await store.pullJson('u1', cursor, limit);
          expect({ ...json, records: json.records.map((r) => JSON.parse(r) as unknown) }).toEqual(page);
          cursor = page.cursor;
          if (!page.hasMore) break;
          expect(pages).toBeLessThan(10);
        }
        expect(await store.pullJson('u1', cursor, limit)).toEqual({ records: [], cursor, hasMore: false });
      }
    });

    it('a pull page is bounded in UTF-8 bytes, as the account is charged (four-byte characters count four), pull and pullJson alike', async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      const wide = '😀'.repeat(60_000); // 240,000 bytes of UTF-8, 120,000 UTF-16 units, 60,000 characters
      await store.applyChanges('u1', [1, 2, 3, 4].map((n) => text(`m${n}`, wide, h(1, `w${n}`))));
      for (const pullOf of [store.pull.bind(store), store.pullJson.bind(store)]) {
        let cursor = 0;
        for (let pages = 0; ; pages++) {
          const page = await pullOf('u1', cursor, 500);
          const bytes = page.records.reduce((n: number, r: unknown) => n + Buffer.byteLength(typeof r === 'string' ? r : JSON.stringify(r)), 0);
          if (page.records.length > 1) expect(bytes).toBeLessThanOrEqual(ACCOUNT_LIMITS.pullPageBytes + 1024);
          cursor = page.cursor;
          if (!page.hasMore) break;
          expect(pages).toBeLessThan(5);
        }
      }
    });

    it(`issue #15: a pull page stops before ${ACCOUNT_LIMITS.pullPageBytes / 1024} KB of state (at least one record); paging returns all`, async () => {
      const { store, addUser } = await setup();
      await addUser('u1');
      const big = 'x'.repeat(200 * 1024);
      await store.applyChanges('u1', [1, 2, 3, 4].map((n) => text(`m${n}`, big, h(1, `n${n}`))));
      const ids: string[] = [];
      let cursor = 0;
      for (let pages = 1; ; pages++) {
        const page = await store.pull('u1', cursor, 500);
        expect(page.records.length).toBeGreaterThan(0);
        expect(page.records.length).toBeLessThan(4);
        ids.push(...page.records.map((r) => r.id));
        cursor = page.cursor;
        if (!page.hasMore) break;
        expect(pages).toBeLessThan(5);
      }
      expect(ids).toEqual(['m1', 'm2', 'm3', 'm4']);
    });
  });
}
