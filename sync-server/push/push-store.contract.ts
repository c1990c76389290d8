/**
 * The contract every push store passes, SQLite's (push-store.ts) and PostgreSQL's
 * (pg/pg-push-store.ts). `setup` runs before each test and gives an empty store with users
 * `u1` and `u2` (so their subscriptions go with them).
 */
import { describe, expect, it } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS, type AsyncPushStore } from './push-store';

const sub = (userId: string, n: number, at = n) => ({ user_id: userId, endpoint: `https://push.example/${n}`, p256dh: `key-${n}`, auth: `auth-${n}`, created_at: at });

export function pushStoreContract(name: string, setup: () => Promise<{ store: AsyncPushStore; deleteUser(id: string): Promise<void> }>): void {
  describe(`PushStore contract: ${name}`, () => {
    it('adds, refreshes, lists newest first, and removes only the named account\'s subscription', async () => {
      const { store } = await setup();
      await store.add(sub('u1', 1));
      await store.add(sub('u1', 2));
      await store.add(sub('u2', 1));
      expect((await store.list('u1')).map((s) => s.endpoint)).toEqual(['https://push.example/2', 'https://push.example/1']);
      await store.add({ ...sub('u1', 1, 5), p256dh: 'new-key' });
      expect(await store.list('u1')).toEqual([{ ...sub('u1', 1, 5), p256dh: 'new-key' }, sub('u1', 2)]);
      expect(await store.remove('u2', 'https://push.example/2')).toBe(false);
      expect(await store.remove('u1', 'https://push.example/2')).toBe(true);
      expect((await store.list('u1')).map((s) => s.endpoint)).toEqual(['https://push.example/1']);
      expect(await store.list('u2')).toEqual([sub('u2', 1)]);
    });

    it(`keeps at most ${MAX_PUSH_SUBSCRIPTIONS} per account, dropping the oldest`, async () => {
      const { store } = await setup();
      for (let n = 1; n <= MAX_PUSH_SUBSCRIPTIONS + 2; n++) await store.add(sub('u1', n));
      const kept = (await store.list('u1')).map((s) => s.endpoint);
      expect(kept).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
      expect(kept).not.toContain('https://push.example/1');
      expect(kept).not.toContain('https://push.example/2');
      expect(kept[0]).toBe(`https://push.example/${MAX_PUSH_SUBSCRIPTIONS + 2}`);
    });

    it('an account\'s subscriptions go with the account', async () => {
      const { store, deleteUser } = await setup();
      await store.add(sub('u1', 1));
      await store.add(sub('u2', 1));
      await deleteUser('u1');
      expect(await store.list('u1')).toEqual([]);
      expect(await store.list('u2')).toHaveLength(1);
    });
  });
}
