/**
 * The contract of the message-key store (kits/message-key-store.ts, db/pg/pg-message-key-store.ts):
 * `setup` runs before each test and gives an empty database with users `u1` and `u2`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AsyncMessageKeyStore, MessageKeyRow } from './message-key-store';

export interface MessageKeyStoreSetup {
  store: AsyncMessageKeyStore;
  deleteUser(userId: string): Promise<void>;
  /** Runs raw SQL that must be refused by the table's checks (a mix of both modes). */
  insertRaw(row: MessageKeyRow): Promise<void>;
}

const server = (userId: string, messageId: string, generation: number, o: Partial<MessageKeyRow> = {}): MessageKeyRow => ({
  user_id: userId,
  message_id: messageId,
  generation,
  mode: 'server',
  kid: `msg:${messageId}~1`,
  gate_wrap: `k1.gate-${generation}`,
  wrap: `w1.wrap-${generation}`,
  handovers: null,
  link_wrap: null,
  updated_at: 1000 * generation,
  ...o,
});
const trustee = (userId: string, messageId: string, generation: number): MessageKeyRow =>
  server(userId, messageId, generation, { mode: 'trustee', gate_wrap: null, wrap: null, handovers: JSON.stringify([{ trusteeId: 't1', wrap: 'w1.x' }]) });

export function messageKeyStoreContract(name: string, setup: () => Promise<MessageKeyStoreSetup>) {
  describe(`message-key store: ${name}`, () => {
    let s: MessageKeyStoreSetup;
    beforeEach(async () => {
      s = await setup();
    });

    it('keeps one row per message and generation, replaces it, drops the generations named, and is per account', async () => {
      await s.store.put(server('u1', 'm1', 1), []);
      await s.store.put(server('u1', 'm1', 2), []);
      await s.store.put(server('u2', 'm1', 1), []);
      expect((await s.store.ofMessage('u1', 'm1')).map((r) => r.generation)).toEqual([1, 2]);
      await s.store.put(trustee('u1', 'm1', 2), [1]);
      expect(await s.store.ofMessage('u1', 'm1')).toEqual([trustee('u1', 'm1', 2)]);
      expect(await s.store.list('u2')).toEqual([server('u2', 'm1', 1)]);
      await s.store.put(server('u1', 'm0', 1), []);
      expect((await s.store.list('u1')).map((r) => r.message_id)).toEqual(['m0', 'm1']);
    });

    it('sets a link only over the one expected (compare-and-set)', async () => {
      await s.store.put(trustee('u1', 'm1', 1), []);
      expect(await s.store.setLink('u1', 'm1', 1, 'k1.link-a', null)).toBe(true);
      expect(await s.store.setLink('u1', 'm1', 1, 'k1.link-b', null)).toBe(false);
      expect(await s.store.setLink('u1', 'm1', 1, 'k1.link-c', 'k1.link-a')).toBe(true);
      expect((await s.store.ofMessage('u1', 'm1'))[0]!.link_wrap).toBe('k1.link-c');
    });

    it('refuses a hand-delivered row with a gate or a server wrap, and goes with its account', async () => {
      await expect(s.insertRaw({ ...trustee('u1', 'm1', 1), gate_wrap: 'k1.gate' })).rejects.toThrow();
      await expect(s.insertRaw({ ...trustee('u1', 'm1', 1), wrap: 'w1.wrap' })).rejects.toThrow();
      await expect(s.insertRaw({ ...server('u1', 'm1', 1), handovers: '[]' })).rejects.toThrow();
      await s.store.put(server('u1', 'm1', 1), []);
      await s.deleteUser('u1');
      expect(await s.store.list('u1')).toEqual([]);
    });
  });
}
