/**
 * The contract of the emergency store (emergency-store.ts, pg-emergency-store.ts): `setup` runs
 * before each test and gives an empty database with users `u1` and `u2`, its store keeping at most
 * `marksKept` choice marks per account (default: the trustees limit).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AsyncEmergencyStore, EmergencyRequestRow, EmergencySettingRow } from './emergency-store';

export interface EmergencyStoreSetup {
  store: AsyncEmergencyStore;
  deleteUser(userId: string): Promise<void>;
}

const setting = (userId: string, trusteeId: string, position: number, o: Partial<EmergencySettingRow> = {}): EmergencySettingRow => ({
  user_id: userId,
  trustee_id: trusteeId,
  position,
  wait_hours: 48,
  generation: 1,
  items: '["d1"]',
  gate: 'g'.repeat(43),
  wrap: `w1.${trusteeId}`,
  bundle: `s1.${trusteeId}`,
  updated_at: 1000,
  choice_version: null,
  ...o,
});
const request = (id: string, userId: string, at: number, o: Partial<EmergencyRequestRow> = {}): EmergencyRequestRow => ({
  id,
  user_id: userId,
  trustee_id: 't1',
  phase: 'requested',
  wait_hours: 48,
  requested_at: at,
  notified_at: null,
  wait_ends_at: null,
  decided_at: null,
  granted_at: null,
  ended_at: null,
  ...o,
});

export function emergencyStoreContract(name: string, setup: (marksKept?: number) => Promise<EmergencyStoreSetup>) {
  describe(`emergency store: ${name}`, () => {
    let s: EmergencyStoreSetup;
    beforeEach(async () => {
      s = await setup();
    });
    /** The owner's choice versions, as GET /api/emergency reads them (its settings, then the marks). */
    const versions = async (userId: string) => s.store.choiceVersions(userId, await s.store.settings(userId));

    it('keeps one setting per trustee in the owner\'s order, replaces it, deletes it, and never shows another account\'s', async () => {
      await s.store.putSetting(setting('u1', 'b', 1));
      await s.store.putSetting(setting('u1', 'a', 2));
      await s.store.putSetting(setting('u2', 'c', 0));
      expect((await s.store.settings('u1')).map((r) => r.trustee_id)).toEqual(['b', 'a']);
      await s.store.putSetting(setting('u1', 'a', 0, { wait_hours: 3, items: '["d2"]', updated_at: 2000 }));
      expect(await s.store.settings('u1')).toEqual([setting('u1', 'a', 0, { wait_hours: 3, items: '["d2"]', updated_at: 2000 }), setting('u1', 'b', 1)]);
      await s.store.deleteSetting('u1', 'b', 1);
      expect((await s.store.settings('u1')).map((r) => r.trustee_id)).toEqual(['a']);
      expect((await s.store.settings('u2')).map((r) => r.trustee_id)).toEqual(['c']);
    });

    it('refreshes a setting only while it exists: a removed one is never brought back by a refresh (security review 20 #1)', async () => {
      expect(await s.store.refreshSetting(setting('u1', 'a', 0))).toBe(false);
      expect(await s.store.settings('u1')).toEqual([]);
      await s.store.putSetting(setting('u1', 'a', 0));
      expect(await s.store.refreshSetting(setting('u1', 'a', 0, { wait_hours: 5, updated_at: 3000 }))).toBe(true);
      expect(await s.store.settings('u1')).toEqual([setting('u1', 'a', 0, { wait_hours: 5, updated_at: 3000 })]);
      await s.store.deleteSetting('u1', 'a', 1);
      expect(await s.store.refreshSetting(setting('u1', 'a', 0))).toBe(false);
      expect(await s.store.settings('u1')).toEqual([]);
    });

    it('writes a setting only from a choice as new as the one it holds (compare-and-set on choice_version): an older or unversioned one is refused, nothing written', async () => {
      expect(await s.store.putSetting(setting('u1', 'a', 0))).toBe(true); // no version held yet (a row from before): any is taken
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 2, items: '["narrow"]' }))).toBe(true);
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 1, items: '["wide"]' }))).toBe(false);
      expect(await s.store.refreshSetting(setting('u1', 'a', 0, { choice_version: 1, items: '["wide"]' }))).toBe(false);
      expect(await s.store.putSetting(setting('u1', 'a', 0, { items: '["unversioned"]' }))).toBe(false);
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 10, items: '["wide"]', updated_at: 1 }))).toBe(true); // 10 > 2, as numbers
      expect(await s.store.settings('u1')).toEqual([setting('u1', 'a', 0, { choice_version: 10, items: '["wide"]', updated_at: 1 })]);
      expect(await s.store.refreshSetting(setting('u1', 'a', 0, { choice_version: 10, items: '["same choice, new copies"]' }))).toBe(true); // the same choice sealed again
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 9 }))).toBe(false);
      expect((await s.store.settings('u1'))[0]!.items).toBe('["same choice, new copies"]');
    });

    it('keeps the highest choice version past a remove: a new setting must be above it, and a refresh only re-seals the version held (security review s22 H1)', async () => {
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 3, items: '["wide"]' }))).toBe(true);
      expect(await s.store.refreshSetting(setting('u1', 'a', 0, { choice_version: 3, items: '["wide"]', updated_at: 2 }))).toBe(true); // the same choice sealed again
      expect(await s.store.refreshSetting(setting('u1', 'a', 0, { choice_version: 4, items: '["other"]' }))).toBe(false); // a refresh never brings a new choice
      expect(await versions('u1')).toEqual({ a: 3 });
      await s.store.deleteSetting('u1', 'a', 1);
      expect(await s.store.settings('u1')).toEqual([]);
      expect(await versions('u1')).toEqual({ a: 3 }); // kept past the remove
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 1, items: '["narrow"]' }))).toBe(false); // starting again at 1
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 3, items: '["narrow"]' }))).toBe(false);
      expect(await s.store.putSetting(setting('u1', 'a', 0, { items: '["unversioned"]' }))).toBe(false);
      expect(await s.store.settings('u1')).toEqual([]);
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 4, items: '["narrow"]' }))).toBe(true);
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 4, items: '["another device"]' }))).toBe(false); // one choice per version
      expect(await s.store.refreshSetting(setting('u1', 'a', 0, { choice_version: 3, items: '["wide"]' }))).toBe(false); // the stale device's refresh
      expect(await s.store.refreshSetting(setting('u1', 'a', 0, { choice_version: 4, items: '["narrow"]', updated_at: 5 }))).toBe(true);
      expect(await s.store.settings('u1')).toEqual([setting('u1', 'a', 0, { choice_version: 4, items: '["narrow"]', updated_at: 5 })]);
      expect(await versions('u1')).toEqual({ a: 4 });
      expect(await s.store.putSetting(setting('u2', 'a', 0, { choice_version: 1 }))).toBe(true); // another account's own count
      await s.store.deleteSetting('u1', 'a', 1);
      await s.deleteUser('u1');
      expect(await versions('u1')).toEqual({});
      expect(await versions('u2')).toEqual({ a: 1 });
    });

    it('forgets a removed trustee\'s marks, and keeps at most marksKept per account, the newest (issue 43 leftovers s23, 2: every per-account table bounded)', async () => {
      s = await setup(3);
      for (const [i, trustee] of ['a', 'b', 'c', 'd', 'e'].entries()) {
        expect(await s.store.putSetting(setting('u1', trustee, 0, { choice_version: 2 }))).toBe(true);
        await s.store.deleteSetting('u1', trustee, 1000 + i);
      }
      expect(await s.store.putSetting(setting('u2', 'a', 0, { choice_version: 7 }))).toBe(true);
      await s.store.deleteSetting('u2', 'a', 999);
      expect(await versions('u1')).toEqual({ c: 2, d: 2, e: 2 }); // the newest three
      // A mark kept again is the newest.
      expect(await s.store.putSetting(setting('u1', 'c', 0, { choice_version: 5 }))).toBe(true);
      await s.store.deleteSetting('u1', 'c', 2000);
      expect(await s.store.putSetting(setting('u1', 'f', 0, { choice_version: 1 }))).toBe(true);
      await s.store.deleteSetting('u1', 'f', 2001);
      expect(await versions('u1')).toEqual({ c: 5, e: 2, f: 1 });
      // The trustee removed: their marks go, and nothing else.
      await s.store.forgetTrustee('u1', 'e');
      expect(await versions('u1')).toEqual({ c: 5, f: 1 });
      expect(await s.store.putSetting(setting('u1', 'e', 0, { choice_version: 1 }))).toBe(true); // nothing held for them any more
      await s.store.forgetTrustee('u1', 'a'); // none kept: a no-op
      expect(await versions('u2')).toEqual({ a: 7 });
    });

    it('takes a new choice given basedOn only over that very choice held (0: none), and forgets a deleted trustee\'s setting (security review #20 #1, s23 L3)', async () => {
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 2 }), 1)).toBe(false); // none held
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 2 }), 0)).toBe(true);
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 3, items: '["offline"]' }), 0)).toBe(false); // edited from none, 2 held
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 3, items: '["offline"]' }), 1)).toBe(false);
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 3, items: '["next"]' }), 2)).toBe(true);
      await s.store.deleteSetting('u1', 'a', 1);
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 4, items: '["offline"]' }), 3)).toBe(false); // removed meanwhile
      expect(await s.store.settings('u1')).toEqual([]);
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 4 }), 0)).toBe(true);
      expect(await s.store.putSetting(setting('u1', 'b', 0, { choice_version: 1 }), 0)).toBe(true);
      expect(await s.store.putSetting(setting('u2', 'a', 0, { choice_version: 9 }), 0)).toBe(true); // another account's own
      await s.store.forgetTrustee('u1', 'a');
      expect((await s.store.settings('u1')).map((r) => r.trustee_id)).toEqual(['b']);
      expect(await versions('u1')).toEqual({ b: 1 });
      expect((await s.store.settings('u2')).map((r) => r.trustee_id)).toEqual(['a']);
    });

    it('a Remove given basedOn deletes only that very choice (or nothing, none held), never another saved meanwhile (a Remove saved offline)', async () => {
      expect(await s.store.putSetting(setting('u1', 'a', 0, { choice_version: 3 }))).toBe(true);
      expect(await s.store.deleteSetting('u1', 'a', 1, 2)).toBe(false); // removed from 2, 3 held: changed meanwhile
      expect((await s.store.settings('u1')).map((r) => r.choice_version)).toEqual([3]);
      expect(await versions('u1')).toEqual({ a: 3 });
      expect(await s.store.deleteSetting('u1', 'a', 1, 3)).toBe(true);
      expect(await s.store.settings('u1')).toEqual([]);
      expect(await versions('u1')).toEqual({ a: 3 }); // its version kept past the Remove
      expect(await s.store.deleteSetting('u1', 'a', 2, 3)).toBe(true); // removed already (an answer lost): done
      expect(await s.store.deleteSetting('u1', 'b', 2)).toBe(true); // no basedOn: as before
    });

    it('a stale save racing a Remove of the same choice never puts it back (security review s22-final L1)', async () => {
      // The stale device's save names the version the Remove keeps as its mark: before the Remove
      // it is no newer than the row, after it no higher than the mark, so it is refused either way.
      for (let i = 0; i < 40; i++) {
        const trustee = `t${i}`;
        expect(await s.store.putSetting(setting('u1', trustee, 0, { choice_version: 3, items: '["wide"]' }))).toBe(true);
        await Promise.all([s.store.deleteSetting('u1', trustee, 1), s.store.putSetting(setting('u1', trustee, 0, { choice_version: 3, items: '["wide, again"]', updated_at: 2 }))]);
      }
      expect(await s.store.settings('u1')).toEqual([]);
    });

    it("keeps each opening of a request for the owner's timeline (a reload within a minute is one; the newest 50), never another account's, and none once the request is gone", async () => {
      await s.store.insertRequest(request('r1', 'u1', 1000, { phase: 'granted', notified_at: 1000, wait_ends_at: 2000, granted_at: 2000 }));
      await s.store.insertRequest(request('r2', 'u2', 1000));
      await s.store.opened('r1', 10_000);
      await s.store.opened('r1', 40_000); // a reload: the same opening
      await s.store.opened('r1', 200_000);
      await s.store.opened('r2', 5_000);
      expect(await s.store.openings('u1')).toEqual([{ request_id: 'r1', opened_at: 200_000 }, { request_id: 'r1', opened_at: 10_000 }]);
      await Promise.all(Array.from({ length: 4 }, () => s.store.opened('r1', 400_000))); // at once: one opening
      expect(await s.store.openings('u1')).toHaveLength(3);
      for (let i = 1; i <= 55; i++) await s.store.opened('r1', 400_000 + i * 61_000);
      const kept = await s.store.openings('u1');
      expect(kept).toHaveLength(50);
      expect(kept[0]).toEqual({ request_id: 'r1', opened_at: 400_000 + 55 * 61_000 });
      expect(await s.store.openings('u2')).toEqual([{ request_id: 'r2', opened_at: 5_000 }]);
      await s.deleteUser('u1');
      expect(await s.store.openings('u1')).toEqual([]);
    });

    it("keeps when the trustee's page opened a request's bundle: the first time only, never another account's, none once the request is gone", async () => {
      await s.store.insertRequest(request('r1', 'u1', 1000, { phase: 'granted', notified_at: 1000, wait_ends_at: 2000, granted_at: 2000 }));
      await s.store.insertRequest(request('r2', 'u2', 1000, { phase: 'granted', notified_at: 1000, wait_ends_at: 2000, granted_at: 2000 }));
      expect(await s.store.bundleOpenings('u1')).toEqual([]);
      expect(await s.store.bundleOpened('r1', 10_000)).toBe(10_000);
      expect(await s.store.bundleOpened('r1', 90_000)).toBe(10_000); // told again (a reload): the first is kept
      expect((await Promise.all([s.store.bundleOpened('r2', 5_000), s.store.bundleOpened('r2', 6_000)])).every((at) => at === 5_000 || at === 6_000)).toBe(true);
      expect(await s.store.bundleOpenings('u1')).toEqual([{ request_id: 'r1', opened_at: 10_000 }]);
      expect(await s.store.bundleOpenings('u2')).toHaveLength(1); // at once: one row
      await s.deleteUser('u1');
      expect(await s.store.bundleOpenings('u1')).toEqual([]);
    });

    it('adds a request once, steps it only from the phase it was read in, lists the open ones, and forgets a deleted account', async () => {
      expect(await s.store.insertRequest(request('r1', 'u1', 1000))).toBe(true);
      expect(await s.store.insertRequest(request('r1', 'u2', 1000))).toBe(false);
      expect(await s.store.insertRequest(request('r2', 'u2', 2000, { phase: 'refused', decided_at: 2500 }))).toBe(true);
      const waiting = request('r1', 'u1', 1000, { phase: 'waiting', notified_at: 1100, wait_ends_at: 1100 + 48 * 3600_000 });
      expect(await s.store.updateRequest(waiting, 'requested')).toBe(true);
      expect(await s.store.updateRequest({ ...waiting, phase: 'refused' }, 'requested')).toBe(false); // another step won
      expect(await s.store.request('r1')).toEqual(waiting);
      expect((await s.store.open(10)).map((r) => r.id)).toEqual(['r1']);
      expect((await s.store.requests('u1', 10)).map((r) => r.id)).toEqual(['r1']);
      await s.store.putSetting(setting('u1', 't1', 0));
      await s.deleteUser('u1');
      expect(await s.store.request('r1')).toBeUndefined();
      expect(await s.store.settings('u1')).toEqual([]);
      expect((await s.store.requests('u2', 10)).map((r) => r.id)).toEqual(['r2']);
    });

    it('lists the settings whose gate is still plain (before migration 027), and seals each only where it still holds that gate', async () => {
      await s.store.putSetting(setting('u1', 'a', 0)); // plain, as 025 stored it
      await s.store.putSetting(setting('u1', 'b', 1, { gate: 'e1.nnnnnnnnnnnnnnnn.sealed-before' }));
      await s.store.putSetting(setting('u2', 'c', 0, { gate: 'h'.repeat(43), generation: 2 }));
      const plain = await s.store.plainGates(10);
      expect(plain.map((r) => `${r.user_id}/${r.trustee_id}`).sort()).toEqual(['u1/a', 'u2/c']);
      expect(plain.find((r) => r.trustee_id === 'c')).toEqual({ user_id: 'u2', trustee_id: 'c', generation: 2, gate: 'h'.repeat(43) });
      expect(await s.store.plainGates(1)).toHaveLength(1);
      // The owner's device put a new gate for c meanwhile: the stale change is not written over it.
      await s.store.putSetting(setting('u2', 'c', 0, { gate: 'e1.nnnnnnnnnnnnnnnn.put-meanwhile', generation: 2 }));
      expect(await s.store.replaceGates(plain.map((r) => ({ ...r, to: `e1.nnnnnnnnnnnnnnnn.sealed-${r.trustee_id}` })))).toBe(1);
      expect((await s.store.settings('u1')).map((r) => r.gate)).toEqual(['e1.nnnnnnnnnnnnnnnn.sealed-a', 'e1.nnnnnnnnnnnnnnnn.sealed-before']);
      expect((await s.store.settings('u2'))[0]!.gate).toBe('e1.nnnnnnnnnnnnnnnn.put-meanwhile');
      expect(await s.store.plainGates(10)).toEqual([]);
      expect(await s.store.replaceGates([])).toBe(0);
    });

    it('refuses a granted row whose wait had not ended (the table\'s own check)', async () => {
      await expect(s.store.insertRequest(request('r3', 'u1', 1000, { phase: 'granted', wait_ends_at: 5000, granted_at: 4000 }))).rejects.toThrow();
    });
  });
}
