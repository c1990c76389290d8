/**
 * The contract every escrow store passes, SQLite's (escrow-store.ts) and PostgreSQL's
 * (release/escrow/pg-escrow-store.ts). `setup` runs before each test and gives an empty store with users
 * `u1` and `u2`.
 */
import { describe, expect, it } from 'vitest';
import type { AsyncEscrowStore } from './escrow-store';

export function escrowStoreContract(name: string, setup: () => Promise<{ store: AsyncEscrowStore; deleteUser(id: string): Promise<void> }>): void {
  describe(`EscrowStore contract: ${name}`, () => {
    it('keeps the first check value written (two instances starting at once agree on one)', async () => {
      const { store } = await setup();
      expect(await store.readCheck()).toBeNull();
      await store.writeCheck('w1.first', 1);
      await store.writeCheck('w1.second', 2);
      expect(await store.readCheck()).toBe('w1.first');
    });

    it('replaces an account\'s escrow, keeps accounts apart, and drops it with the account', async () => {
      const { store, deleteUser } = await setup();
      expect(await store.get('u1')).toBeNull();
      await store.put('u1', { keys: '{"v":1,"keys":{"a":"1"}}', keyCount: 1, updatedAt: 10 });
      await store.put('u2', { keys: '{"v":1,"keys":{}}', keyCount: 0, updatedAt: 11 });
      await store.put('u1', { keys: '{"v":1,"keys":{"b":"2","c":"3"}}', keyCount: 2, updatedAt: 12 });
      expect(await store.get('u1')).toEqual({ keys: '{"v":1,"keys":{"b":"2","c":"3"}}', keyCount: 2, updatedAt: 12 });
      expect(await store.get('u2')).toEqual({ keys: '{"v":1,"keys":{}}', keyCount: 0, updatedAt: 11 });
      await deleteUser('u1');
      expect(await store.get('u1')).toBeNull();
      expect(await store.get('u2')).not.toBeNull();
    });

    it('removes one account\'s escrow at its owner\'s request, and says whether there was one', async () => {
      const { store } = await setup();
      await store.put('u1', { keys: '{"v":1,"keys":{"msg:m1~1":"w1.a"}}', keyCount: 1, updatedAt: 10 });
      await store.put('u2', { keys: '{"v":1,"keys":{"msg:m2~1":"w1.b"}}', keyCount: 1, updatedAt: 11 });
      expect(await store.remove('u1')).toBe(true);
      expect(await store.get('u1')).toBeNull();
      expect(await store.get('u2')).toEqual({ keys: '{"v":1,"keys":{"msg:m2~1":"w1.b"}}', keyCount: 1, updatedAt: 11 });
      expect(await store.remove('u1')).toBe(false);
    });

    it('keeps messages\' keys only: an escrow a device deposited before the gate loses its plan, documents, names and owner keys', async () => {
      const { store } = await setup();
      // Devices before the gate deposited every scope key (SECURITY.md "Release escrow"); the wraps are opaque here.
      const before = { 'owner~1': 'w1.o', 'plan~1': 'w1.p', 'plan~2': 'w1.p2', 'docs~1': 'w1.d', 'index~1': 'w1.i', 'msg:m-1~1': 'w1.m1', 'msg:m-1~2': 'w1.m12', 'msg:plan~1': 'w1.m2' };
      await store.put('u1', { keys: JSON.stringify({ v: 1, keys: before }), keyCount: 8, updatedAt: 10 });
      await store.put('u2', { keys: JSON.stringify({ v: 1, keys: { 'plan~1': 'w1.q', 'docs~1': 'w1.e' } }), keyCount: 2, updatedAt: 11 });
      expect(await store.keepMessageKeysOnly()).toBe(2);
      const u1 = (await store.get('u1'))!;
      expect(JSON.parse(u1.keys)).toEqual({ v: 1, keys: { 'msg:m-1~1': 'w1.m1', 'msg:m-1~2': 'w1.m12', 'msg:plan~1': 'w1.m2' } });
      expect(u1).toMatchObject({ keyCount: 3, updatedAt: 10 });
      const u2 = (await store.get('u2'))!;
      expect(JSON.parse(u2.keys)).toEqual({ v: 1, keys: {} });
      expect(u2.keyCount).toBe(0);
      // Nothing left to remove: a second start changes nothing; a row the server never wrote (not JSON) is left as it is, never stops a start.
      await store.put('u2', { keys: '{"v":1,"keys":{"plan~1":"w1.q"', keyCount: 1, updatedAt: 12 });
      expect(await store.keepMessageKeysOnly()).toBe(0);
      expect(JSON.parse((await store.get('u1'))!.keys).keys).toEqual({ 'msg:m-1~1': 'w1.m1', 'msg:m-1~2': 'w1.m12', 'msg:plan~1': 'w1.m2' });
      expect((await store.get('u2'))!.keys).toBe('{"v":1,"keys":{"plan~1":"w1.q"');
    });
  });
}
