/**
 * A server that lies about a share of a plan section or a trustee's details (docs/sharing.md "More
 * kinds of item"; the owner's device is Dexie over fake-indexeddb): the same sealed-copy path as a document (share-client.ts), fed by the kind's
 * projection (projections.ts). The server's files hold no word of the section and never the key; a
 * copy swapped for another share's (another kind's, or another section's) fails visibly; the
 * owner's later edit reaches the viewer; a stopped share that the server lists as active again gets
 * nothing (each kind's live set, security review F2); and the server refuses an item that is not the owner's.
 */
import { describe, expect, it } from 'vitest';
import type { DeathPlan, Trustee } from '../../shared/schema';
import { planSectionCopy, trusteeCopy } from '../../web/features/sharing/projections';
import { NoLiveSetError } from '../../web/features/sharing/live-shares';
import { refreshShares, startSharing, stopSharing, type ShareJson } from '../../web/features/sharing/share-client';
import { ORIGIN, serverFiles, world } from '../test/lying-share-world';

const CANARY = { song: 'Canary-Song-Okapi', reading: 'Canary-Reading-Axolotl', trustee: 'Canary-Trustee-Pangolin', edit: 'Canary-Edit-Gecko' };

/** The world with a plan (music and readings) and one trustee written on the device and synced. */
async function planWorld() {
  const h = await world();
  const at = new Date(h.w.t.deps.now()).toISOString();
  const plan = { funeralType: null, location: null, burialPreference: null, musicSelections: [CANARY.song], readings: [CANARY.reading], specialRequests: null, obituary: null, completed: false, createdAt: at };
  await h.db.write('deathPlan', h.w.userId, plan);
  const trustee = { name: CANARY.trustee, email: 'pangolin@example.com', phone: null, relationship: 'Sister', accessLevel: 'full' as const, createdAt: at };
  await h.db.write('trustees', 't1', trustee);
  await h.sync();
  const full = { ...plan, id: h.w.userId, userId: h.w.userId } as unknown as DeathPlan;
  return { ...h, plan: full, trustee: { ...trustee, id: 't1' } as Pick<Trustee, 'name' | 'email' | 'phone' | 'relationship'> & { id: string } };
}

describe('a server that lies about a shared plan section or trustee', () => {
  it('a plan section opens for the viewer with only its own fields, shows a later edit, and the server holds no word of it nor the key', async () => {
    const h = await planWorld();
    const music = { kind: 'plan-section' as const, id: 'music' };
    const { link } = await startSharing(h.deps, music, planSectionCopy(h.plan, 'music')!, 'Maria', ORIGIN);
    const opened = await h.viewer(link);
    expect(opened).toMatchObject({ kind: 'open', name: 'Maria', value: { kind: 'plan-section', title: 'My plan: Music', entries: [{ fields: [{ label: 'Music', value: [CANARY.song] }] }] } });
    expect(JSON.stringify(opened)).not.toContain(CANARY.reading); // another section's words never travel with it
    expect(await refreshShares(h.deps, music, planSectionCopy({ ...h.plan, musicSelections: [CANARY.song, CANARY.edit] }, 'music')!)).toEqual({ refreshed: 1, refused: [], failed: [] });
    expect(await h.viewer(link)).toMatchObject({ kind: 'open', value: { entries: [{ fields: [{ value: [CANARY.song, CANARY.edit] }] }] } });
    const key = link.split('#')[1]!;
    const files = serverFiles(h.w.t.deps.config.dataDir);
    for (const secret of [...Object.values(CANARY), key, 'Maria']) expect(files).not.toContain(secret);
    for (const r of h.sent) for (const secret of [key, CANARY.song, CANARY.edit]) expect(r.body).not.toContain(secret);
  });

  it('a swapped copy fails visibly: another kind\'s copy or another section\'s, served as this one, shows nothing', async () => {
    const h = await planWorld();
    const music = await startSharing(h.deps, { kind: 'plan-section', id: 'music' }, planSectionCopy(h.plan, 'music')!, 'Maria', ORIGIN);
    const readings = await startSharing(h.deps, { kind: 'plan-section', id: 'readings' }, planSectionCopy(h.plan, 'readings')!, 'Maria', ORIGIN);
    const trustee = await startSharing(h.deps, { kind: 'trustee', id: 't1' }, trusteeCopy(h.trustee), 'Maria', ORIGIN);
    for (const other of [readings, trustee]) {
      const served = (await (await h.w.t.call('GET', `/api/shared/${other.share.id}`)).json()) as { copy: string; revision: number; label: string };
      h.setLie((path, json) => (path.startsWith('/api/shared/') ? { ...(json as object), copy: served.copy, revision: served.revision, label: served.label } : json));
      expect(await h.viewer(music.link)).toEqual({ kind: 'tampered' });
    }
    h.setLie(null);
    expect(await h.viewer(trustee.link)).toMatchObject({ kind: 'open', value: { kind: 'trustee', title: CANARY.trustee, entries: [{ fields: [{ label: 'Relationship', value: 'Sister' }, { label: 'E-mail', value: 'pangolin@example.com' }] }] } });
  });

  it('refuses an item that is not the owner\'s or not of its kind, naming the field', async () => {
    const h = await planWorld();
    await expect(startSharing(h.deps, { kind: 'plan-section', id: 'letters' }, planSectionCopy(h.plan, 'music')!, 'Maria', ORIGIN)).rejects.toMatchObject({ status: 400, bodyText: expect.stringContaining('itemId') });
    await expect(startSharing(h.deps, { kind: 'trustee', id: 't-other' }, trusteeCopy(h.trustee), 'Maria', ORIGIN)).rejects.toMatchObject({ status: 404, bodyText: expect.stringContaining('itemId') });
    await expect(startSharing(h.deps, { kind: 'diary' as 'trustee', id: 'm1' }, trusteeCopy(h.trustee), 'Maria', ORIGIN)).rejects.toMatchObject({ status: 400, bodyText: expect.stringContaining('itemKind') });
    await expect(startSharing(h.deps, { kind: 'letter', id: 'm-other' }, trusteeCopy(h.trustee), 'Maria', ORIGIN)).rejects.toMatchObject({ status: 404, bodyText: expect.stringContaining('itemId') }); // no such letter of the owner's
  });
  it('a stopped share of any kind stays stopped: listed as active again, it gets no later edit; a share of another item is refused (F1, F2)', async () => {
    const h = await planWorld();
    const music = { kind: 'plan-section' as const, id: 'music' };
    const t1 = { kind: 'trustee' as const, id: 't1' };
    const list = { kind: 'task-list' as const, id: 'financial' };
    const listCopy = { kind: 'task-list' as const, title: 'Tasks: Money', entries: [{ heading: CANARY.edit, fields: [] }] };
    const made = [
      [music, await startSharing(h.deps, music, planSectionCopy(h.plan, 'music')!, 'Maria', ORIGIN)],
      [t1, await startSharing(h.deps, t1, trusteeCopy(h.trustee), 'Maria', ORIGIN)],
      [list, await startSharing(h.deps, list, listCopy, 'Maria', ORIGIN)],
    ] as const;
    for (const [ref, { share }] of made) {
      const row = (await h.w.t.services.sharing.list(h.w.userId, ref.id)).find((s) => s.id === share.id)!;
      expect(await h.deps.live.read(ref)).toContain(share.id);
      await stopSharing(h.deps, ref, share.id);
      expect(await h.deps.live.read(ref)).not.toContain(share.id);
      // The server kept the row, the wrap and the name, and lists the share as active again.
      h.setLie((path, json) => (path.startsWith('/api/shares?') ? { shares: [...(json as { shares: ShareJson[] }).shares.filter((s) => s.id !== share.id), row] } : json));
      h.sent.length = 0;
      const copy = ref.kind === 'plan-section' ? planSectionCopy({ ...h.plan, musicSelections: [CANARY.edit] }, 'music')! : ref.kind === 'trustee' ? trusteeCopy({ ...h.trustee, phone: CANARY.edit }) : listCopy;
      expect(await refreshShares(h.deps, ref, copy)).toEqual({ refreshed: 0, refused: [], failed: [] });
      expect(h.sent.filter((r) => r.path === `/api/shares/${share.id}/copy`)).toEqual([]); // nothing sealed for the stopped viewer
      h.setLie(null);
    }
    // One set holds the plan's sections and the task lists: a live readings share listed as the music section's is still refused.
    const readings = await startSharing(h.deps, { kind: 'plan-section', id: 'readings' }, planSectionCopy(h.plan, 'readings')!, 'Maria', ORIGIN);
    const readingsRow = (await h.w.t.services.sharing.list(h.w.userId, 'readings'))[0]!;
    h.setLie((path, json) => (path.startsWith('/api/shares?') ? { shares: [{ ...readingsRow, itemId: 'music' }] } : json));
    expect(await refreshShares(h.deps, music, planSectionCopy(h.plan, 'music')!)).toEqual({ refreshed: 0, refused: [readings.share.id], failed: [] });
  });

  it('a task list shared before any plan was saved is refused on the device and its share stopped at once, never left unrefreshable', async () => {
    const h = await world();
    const list = { kind: 'task-list' as const, id: 'financial' };
    await expect(startSharing(h.deps, list, { kind: 'task-list', title: 'Tasks: Money', entries: [] }, 'Maria', ORIGIN)).rejects.toBeInstanceOf(NoLiveSetError);
    expect(await h.w.t.services.sharing.list(h.w.userId, 'financial')).toMatchObject([{ phase: 'stopped', ownerWrap: null, label: null }]);
    expect(await h.db.readState('deathPlan', h.w.userId)).toMatchObject({ clocks: {} }); // no half plan written
  });
});
