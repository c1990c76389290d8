/**
 * The contract of the trustee kit store (release/kits/store/sqlite-kits.ts, release/kits/store/pg-kits.ts), part of the release store:
 * SQLite's through its asynchronous adapter and PostgreSQL's. `setup` runs before each test and
 * gives an empty database with users `u1` and `u2`, and a way to see and put an escrow row.
 */
import { describe, expect, it } from 'vitest';
import type { KitGenerationRow, KitRow } from './sqlite-kits';
import { generationStatus } from './sqlite-kits';
import { EXECUTOR_KIT_ID } from '../../../../shared/crypto/trustee-kit';
import { initialState } from '../../state-machine';
import type { AsyncReleaseStore } from '../../store/release-store';

export interface KitStoreSetup {
  store: AsyncReleaseStore;
  /** Puts an escrow row for the account (what "The escrow ends" deletes). */
  putEscrow(userId: string): Promise<void>;
  hasEscrow(userId: string): Promise<boolean>;
  deleteUser(userId: string): Promise<void>;
}

const gen = (userId: string, generation: number, o: Partial<KitGenerationRow> = {}): KitGenerationRow => ({
  user_id: userId,
  generation,
  k: 2,
  n: 3,
  check_value: `check-${generation}`,
  owner_copy: `copy-${generation}`,
  created_at: 1000 * generation,
  live_at: null,
  retired_at: null,
  q_wrap: null,
  ...o,
});
const kit = (userId: string, generation: number, index: number, o: Partial<KitRow> = {}): KitRow => ({
  token: `${userId}-g${generation}-k${index}`.padEnd(22, 'x'),
  user_id: userId,
  generation,
  trustee_id: `t${index}`,
  share_index: index,
  commitment: `c${generation}${index}`,
  blob: `blob-${index}`,
  gate_wrap: `w1.gate-${index}`,
  made_at: 1000 * generation,
  handed_over_at: null,
  checked_at: null,
  confirmed_at: null,
  share_wrap: null,
  ...o,
});
const three = (userId: string, generation: number) => [1, 2, 3].map((i) => kit(userId, generation, i));

export function kitStoreContract(name: string, setup: () => Promise<KitStoreSetup>): void {
  describe(`KitStore contract: ${name}`, () => {
    it('keeps the release phase awaiting-confirmations (the CHECK constraint of both engines allows it)', async () => {
      const { store } = await setup();
      const s = { ...initialState(1000), phase: 'awaiting-confirmations' as const, episode: 1, startedAt: 1000, endsAt: 2000 };
      await store.putState('u1', s);
      expect(await store.getState('u1')).toEqual(s);
      await expect(store.putState('u2', { ...s, phase: 'gone' as never })).rejects.toThrow();
    });

    it('holds at most one executor kit per generation (kits/ relies on it: the id is one trustee slot)', async () => {
      const { store } = await setup();
      const ex = (index: number) => kit('u1', 1, index, { trustee_id: EXECUTOR_KIT_ID, token: `u1-ex-${index}`.padEnd(22, 'x') });
      await expect(store.transaction((tx) => tx.insertKitGeneration(gen('u1', 1, { n: 4 }), [...three('u1', 1), ex(4), ex(5)]))).rejects.toThrow();
      expect(await store.kitsOf('u1', 1)).toEqual([]); // nothing of the refused generation was stored
      await store.insertKitGeneration(gen('u1', 1), [kit('u1', 1, 1), kit('u1', 1, 2), ex(3)]);
      expect((await store.kitsOf('u1', 1)).map((k) => k.trustee_id)).toEqual(['t1', 't2', EXECUTOR_KIT_ID]);
    });

    it('stores a generation with its kits; a newer pending generation retires the older pending one', async () => {
      const { store } = await setup();
      expect(await store.lastKitGeneration('u1')).toBe(0);
      await store.insertKitGeneration(gen('u1', 1), three('u1', 1));
      expect((await store.kitsOf('u1', 1)).map((k) => k.trustee_id)).toEqual(['t1', 't2', 't3']);
      expect(await store.kitByToken(kit('u1', 1, 2).token)).toEqual(kit('u1', 1, 2));
      expect(await store.kitByToken('nope')).toBeNull();
      await store.insertKitGeneration(gen('u1', 2), three('u1', 2));
      expect(await store.lastKitGeneration('u1')).toBe(2);
      expect((await store.liveKitGenerations('u1')).map((g) => g.generation)).toEqual([2]);
      expect(generationStatus((await store.kitGeneration('u1', 1))!)).toBe('retired');
      // A retired generation keeps its tokens and commitments only (its status), nothing bulky or secret.
      expect((await store.kitGeneration('u1', 1))!.owner_copy).toBe('');
      expect((await store.kitsOf('u1', 1)).map((k) => [k.token, k.commitment, k.blob, k.gate_wrap])).toEqual(
        three('u1', 1).map((k) => [k.token, k.commitment, '', '']),
      );
      expect((await store.kitsOf('u1', 2)).map((k) => k.blob)).toEqual(['blob-1', 'blob-2', 'blob-3']);
      expect(await store.liveKitGenerations('u2')).toEqual([]);
      expect(await store.kitEscrowEnded('u1')).toBe(false);
    });

    it('refuses a second kit with the same trustee or index in one generation (nothing of the generation is kept)', async () => {
      const { store } = await setup();
      await expect(store.transaction((tx) => tx.insertKitGeneration(gen('u1', 1), [kit('u1', 1, 1), kit('u1', 1, 2, { trustee_id: 't1' })]))).rejects.toThrow();
      expect(await store.kitGeneration('u1', 1)).toBeNull();
      expect(await store.kitsOf('u1', 1)).toEqual([]);
    });

    it('records a handover once, checks, confirmations once, and erases every confirmation of the account', async () => {
      const { store } = await setup();
      await store.insertKitGeneration(gen('u1', 1), three('u1', 1));
      await store.insertKitGeneration(gen('u2', 1), three('u2', 1));
      const t = kit('u1', 1, 1).token;
      expect(await store.markKitHandedOver(t, 5000)).toBe(true);
      expect(await store.markKitHandedOver(t, 6000)).toBe(false);
      await store.markKitChecked(t, 7000);
      expect(await store.kitByToken(t)).toMatchObject({ handed_over_at: 5000, checked_at: 7000 });
      expect(await store.confirmKit(t, 8000, 'w1.share')).toBe(true);
      expect(await store.confirmKit(t, 9000, 'w1.other')).toBe(false);
      expect(await store.confirmKit(kit('u2', 1, 1).token, 8000, 'w1.u2')).toBe(true);
      expect(await store.kitByToken(t)).toMatchObject({ confirmed_at: 8000, share_wrap: 'w1.share' });
      expect(await store.clearKitConfirmations('u1')).toBe(1);
      expect(await store.kitByToken(t)).toMatchObject({ confirmed_at: null, share_wrap: null, handed_over_at: 5000 });
      expect(await store.kitByToken(kit('u2', 1, 1).token)).toMatchObject({ share_wrap: 'w1.u2' });
    });

    it('makes a generation current: the previous current one retires and the escrow row is deleted in the same step', async () => {
      const { store, putEscrow, hasEscrow } = await setup();
      await putEscrow('u1');
      await putEscrow('u2');
      await store.insertKitGeneration(gen('u1', 1), three('u1', 1));
      await store.transaction((tx) => tx.makeKitGenerationCurrent('u1', 1, 10_000));
      expect(await hasEscrow('u1')).toBe(false);
      expect(await hasEscrow('u2')).toBe(true);
      expect(await store.kitEscrowEnded('u1')).toBe(true);
      expect(await store.kitEscrowEnded('u2')).toBe(false);
      await store.insertKitGeneration(gen('u1', 2), three('u1', 2));
      expect((await store.liveKitGenerations('u1')).map((g) => [g.generation, generationStatus(g)])).toEqual([
        [1, 'current'],
        [2, 'pending'],
      ]);
      await store.makeKitGenerationCurrent('u1', 2, 20_000);
      expect(generationStatus((await store.kitGeneration('u1', 1))!)).toBe('retired');
      expect((await store.kitsOf('u1', 1)).every((k) => k.blob === '' && k.gate_wrap === '')).toBe(true);
      expect((await store.kitsOf('u1', 2)).every((k) => k.blob !== '' && k.gate_wrap !== '')).toBe(true);
      expect(await store.kitGeneration('u1', 2)).toMatchObject({ live_at: 20_000, retired_at: null });
      // A rolled-back step keeps nothing.
      await putEscrow('u2');
      await store.insertKitGeneration(gen('u2', 1), three('u2', 1));
      await expect(
        store.transaction(async (tx) => {
          await tx.makeKitGenerationCurrent('u2', 1, 1);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      expect(await hasEscrow('u2')).toBe(true);
      expect(await store.kitEscrowEnded('u2')).toBe(false);
    });

    it('replaces the named blobs only, keeps Q wrapped, and drops everything with the account', async () => {
      const { store, deleteUser } = await setup();
      await store.insertKitGeneration(gen('u1', 1), three('u1', 1));
      await store.insertKitGeneration(gen('u2', 1), three('u2', 1));
      expect(await store.putKitBlobs('u1', 1, { t1: 'new-1', t3: 'new-3', nobody: 'x' })).toBe(2);
      expect((await store.kitsOf('u1', 1)).map((k) => k.blob)).toEqual(['new-1', 'blob-2', 'new-3']);
      expect((await store.kitsOf('u2', 1)).map((k) => k.blob)).toEqual(['blob-1', 'blob-2', 'blob-3']);
      await store.setKitReleaseSecret('u1', 1, 'w1.q');
      expect((await store.kitGeneration('u1', 1))!.q_wrap).toBe('w1.q');
      await deleteUser('u1');
      expect(await store.kitGeneration('u1', 1)).toBeNull();
      expect(await store.kitsOf('u1', 1)).toEqual([]);
      expect(await store.kitByToken(kit('u1', 1, 1).token)).toBeNull();
      expect(await store.kitsOf('u2', 1)).toHaveLength(3);
    });
  });
}
