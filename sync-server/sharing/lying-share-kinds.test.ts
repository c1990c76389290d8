/**
 * A server that lies about a share of a plan section or a trustee's details (docs/sharing.md "More
 * kinds of item"; the owner's device is Dexie over fake-indexeddb): the same sealed-copy path as a document (share-client.ts), fed by the kind's
 * projection (projections.ts). The server's files hold no word of the section and never the key; a
 * copy swapped for another share's (another kind's, or another section's) fails visibly; the
 * owner's later edit reaches the viewer; and the server refuses an item that is not the owner's.
 */
import { describe, expect, it } from 'vitest';
import type { DeathPlan, Trustee } from '../../shared/schema';
import { planSectionCopy, trusteeCopy } from '../../web/features/sharing/projections';
import { refreshShares, startSharing } from '../../web/features/sharing/share-client';
import { ORIGIN, serverFiles, world } from './lying-share-world';

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
    expect(await refreshShares(h.deps, music, planSectionCopy({ ...h.plan, musicSelections: [CANARY.song, CANARY.edit] }, 'music')!)).toEqual({ refreshed: 1, refused: [] });
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
    await expect(startSharing(h.deps, { kind: 'letter' as 'trustee', id: 'm1' }, trusteeCopy(h.trustee), 'Maria', ORIGIN)).rejects.toMatchObject({ status: 400, bodyText: expect.stringContaining('itemKind') });
  });
});
