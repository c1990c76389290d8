/**
 * The contract of the yearly sharing reminder's store (reminder-store.ts, pg-reminder-store.ts):
 * `setup` runs before each test and gives an empty database with users `u1`, `u2` and `u3`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AsyncReminderStore } from './reminder-store';

export interface ReminderStoreSetup {
  store: AsyncReminderStore;
  deleteUser(userId: string): Promise<void>;
}

export function reminderStoreContract(name: string, setup: () => Promise<ReminderStoreSetup>) {
  describe(`sharing reminder store: ${name}`, () => {
    let s: ReminderStoreSetup;
    beforeEach(async () => {
      s = await setup();
    });

    it('arms an owner once (a later arm keeps the first date), lists the due ones oldest first up to a limit, moves one only from the date it was read at, and forgets a deleted account', async () => {
      await s.store.arm('u1', 5000);
      await s.store.arm('u1', 9000); // already armed: the year already running is kept
      await s.store.arm('u2', 3000);
      await s.store.arm('u3', 7000);
      expect(await s.store.due(6000, 10)).toEqual([
        { user_id: 'u2', due_at: 3000 },
        { user_id: 'u1', due_at: 5000 },
      ]);
      expect(await s.store.due(6000, 1)).toEqual([{ user_id: 'u2', due_at: 3000 }]);
      expect(await s.store.advance('u2', 3000, 10_000)).toBe(true);
      expect(await s.store.advance('u2', 3000, 20_000)).toBe(false); // another instance moved it first
      expect(await s.store.advance('u1', 5000, 50_000)).toBe(true);
      await s.deleteUser('u3');
      expect(await s.store.due(100_000, 10)).toEqual([
        { user_id: 'u2', due_at: 10_000 },
        { user_id: 'u1', due_at: 50_000 },
      ]);
    });
  });
}
