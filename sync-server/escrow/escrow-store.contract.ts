/**
 * The contract every escrow store passes, SQLite's (escrow-store.ts) and PostgreSQL's
 * (db/pg/pg-escrow-store.ts). `setup` runs before each test and gives an empty store with users
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
  });
}
