import { describe, expect, it } from 'vitest';
import { formatHlc } from '../../shared/sync';
import { createTestApp, signUp } from '../test/test-support';
import type { RecordStore } from './store/record-store';

const MESSAGE = { recipientName: 'Ann', recipientEmail: 'ann@example.com', messageType: 'text', messageContent: 'Dear Ann' };

describe('REST lists kept as JSON are never stale (issue #20)', () => {
  it('after every kind of write — REST, sync push, server-side store write, delete — the list is what the records say', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const b = await signUp(t);
    const { records, store } = t.services;
    const list = async (cookie: string) => (await t.call('GET', '/api/trustees', undefined, cookie)).json();
    const truth = async (userId: string) => JSON.parse(JSON.stringify(await records.list(userId, 'trustees')));
    const check = async () => {
      expect(await list(a.cookie)).toEqual(await truth(a.user.id));
      expect(await list(b.cookie)).toEqual(await truth(b.user.id));
    };

    await check();
    const sam = await (await t.call('POST', '/api/trustees', { name: 'Sam', email: 'sam@example.com', accessLevel: 'full' }, a.cookie)).json();
    await check();
    expect(await list(a.cookie)).toHaveLength(1);
    await list(a.cookie); // read twice: the second answer comes from the kept JSON
    await t.call('PATCH', `/api/trustees/${sam.id}`, { name: 'Samuel' }, a.cookie);
    expect((await list(a.cookie))[0].name).toBe('Samuel');
    const push = { protocol: 2, cursor: 0, changes: [{ collection: 'trustees', id: sam.id, hlc: formatHlc({ ms: t.deps.now() + 1000, counter: 0, node: 'dev1' }), fields: { phone: '+44 1' } }] };
    expect((await (await t.call('POST', '/api/sync', push, a.cookie)).json()).accepted).toHaveLength(1);
    expect((await list(a.cookie))[0].phone).toBe('+44 1');
    // Another account's write leaves A's list alone, and B never sees A's.
    await t.call('POST', '/api/trustees', { name: 'Bo', email: 'bo@example.com', accessLevel: 'full' }, b.cookie);
    await check();
    // A server-side write straight to the store (as the release and default-task code do).
    store.applyChanges(a.user.id, [{ collection: 'trustees', id: sam.id, hlc: formatHlc({ ms: t.deps.now() + 5000, counter: 0, node: 'srv' }), fields: { relationship: 'Brother' } }]);
    expect((await list(a.cookie))[0].relationship).toBe('Brother');
    await t.call('DELETE', `/api/trustees/${sam.id}`, undefined, a.cookie);
    expect(await list(a.cookie)).toEqual([]);
    await check();
  });

  it('a change in another collection of the account keeps the list right, and a change in the list after it shows', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const list = async () => (await t.call('GET', '/api/trustees', undefined, a.cookie)).json();
    const sam = await (await t.call('POST', '/api/trustees', { name: 'Sam', email: 'sam@example.com', accessLevel: 'full' }, a.cookie)).json();
    expect((await list())[0].name).toBe('Sam');
    // A message written: the account's latest sequence moves, the trustees' does not.
    expect((await t.call('POST', '/api/messages', MESSAGE, a.cookie)).status).toBe(201);
    expect((await list())[0].name).toBe('Sam');
    expect((await list())[0].name).toBe('Sam');
    // Then the trustee changes, and a message after it: the list follows the trustee.
    await t.call('PATCH', `/api/trustees/${sam.id}`, { name: 'Samuel' }, a.cookie);
    expect((await t.call('POST', '/api/messages', MESSAGE, a.cookie)).status).toBe(201);
    expect((await list())[0].name).toBe('Samuel');
    // A change straight to the store (the release code's way), right after a read.
    t.services.store.applyChanges(a.user.id, [{ collection: 'trustees', id: sam.id, hlc: formatHlc({ ms: t.deps.now() + 5000, counter: 0, node: 'srv' }), fields: { name: 'Sammy' } }]);
    expect((await list())[0].name).toBe('Sammy');
    expect(await list()).toEqual(JSON.parse(JSON.stringify(await t.services.records.list(a.user.id, 'trustees'))));
  });

  it('a write to the records by any code over the connection (the seal migration\'s own statement) shows at the very next list read and pull (issue 41)', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const list = async () => (await t.call('GET', '/api/trustees', undefined, a.cookie)).json();
    const pull = async (cursor: number) => (await t.call('POST', '/api/sync', { protocol: 2, cursor, changes: [] }, a.cookie)).json();
    const sam = await (await t.call('POST', '/api/trustees', { name: 'Sam', email: 'sam@example.com', accessLevel: 'full' }, a.cookie)).json();
    const { cursor } = await pull(0);
    // Read twice each: the account's latest sequence is kept in memory now.
    expect((await list())[0].name).toBe('Sam');
    expect((await list())[0].name).toBe('Sam');
    expect((await pull(cursor)).records).toEqual([]);
    expect((await pull(cursor)).records).toEqual([]);
    // keys/seal-store.ts rewrites records with its own UPDATE, not through the record store.
    const db = t.deps.db;
    const row = db.prepare<[string, string], { state: string }>("SELECT state FROM records WHERE user_id = ? AND collection = 'trustees' AND id = ?").get(a.user.id, sam.id)!;
    const state = JSON.parse(row.state) as { values: Record<string, unknown> };
    state.values.name = 'Samuel';
    const seq = db.prepare<[], { value: number }>('UPDATE sync_sequence SET value = value + 1 WHERE id = 1 RETURNING value').get()!.value;
    db.prepare("UPDATE records SET state = ?, seq = ? WHERE user_id = ? AND collection = 'trustees' AND id = ?").run(JSON.stringify(state), seq, a.user.id, sam.id);
    expect((await list())[0].name).toBe('Samuel');
    expect((await pull(cursor)).records.map((r: { id: string }) => r.id)).toEqual([sam.id]);
  });

  it('a latest sequence read inside a transaction that is rolled back is not kept (issue 41)', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const store = t.services.store as RecordStore; // SQLite's, synchronous
    const before = store.latestSeq!(a.user.id);
    const change = { collection: 'trustees' as const, id: 't1', hlc: formatHlc({ ms: t.deps.now(), counter: 0, node: 'srv' }), fields: { name: 'Sam', email: 'sam@example.com', accessLevel: 'full' } };
    expect(() =>
      t.deps.db.transaction(() => {
        store.applyChanges(a.user.id, [change]);
        expect(store.latestSeq!(a.user.id)).toBeGreaterThan(before); // its own write, not yet committed
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
    expect(store.latestSeq!(a.user.id)).toBe(before);
  });
});
