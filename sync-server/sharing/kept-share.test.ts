/**
 * A viewer keeps a shared link in their own account (issue 43 "or in their own account if they
 * have one"; docs/sharing.md "Keeping a link in your own account"): the owner shares a document
 * from their device; Maria, with a sealed account of her own on the same real Hono app over a real
 * SQLite file, keeps the link on one device (Dexie over fake-indexeddb, the real sync engine), and
 * a second device of hers gets it sealed through the account's ordinary sync and opens the share,
 * always current, through the viewer's own code. The server never holds her kept key in plain; a
 * server that lies (another share's body for the kept link, a kept item swapped for another) gets
 * her nothing readable, and says so, never wrong data.
 */
import { describe, expect, it } from 'vitest';
import type { KeptShare } from '../../shared/kept-share';
import type { SyncResponse } from '../../shared/sync/protocol';
import { openOnDevice } from '../../web/db/test-device';
import { forgetKept, keepShare, openKept, readKept } from '../../web/features/sharing/kept-shares';
import { refreshShares, startSharing, stopSharing } from '../../web/features/sharing/share-client';
import { createSyncEngine } from '../../web/sync/engine';
import { sealAccount } from '../../web/sync/test-sealed';
import type { Transport } from '../../web/sync/transport';
import { signedInTransport } from '../test/client-test-support';
import { docItem, ORIGIN, serverFiles, WORDS, world } from '../test/lying-share-world';

/** The owner's world with one document shared with Maria, and Maria's own sealed account on the same server. */
async function keptWorld() {
  const h = await world();
  const t = h.w.t;
  const maria = await signedInTransport(t);
  const sealing = await sealAccount(t, maria.userId, maria.transport);
  const keys = await sealing.keysFor();
  /** A device of Maria's; `sync` pulls and pushes through `transport` (the server's answers, or a lie). */
  const device = async () => {
    const db = await openOnDevice(maria.userId, () => t.deps.now());
    const sync = async (transport: Transport = maria.transport) => {
      const engine = createSyncEngine({ db, transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
      await engine.syncNow();
      await engine.stop();
    };
    return { db, sync };
  };
  const viewer = (kept: KeptShare) => openKept((path) => h.w.t.call('GET', path), kept).then((v) => v);
  return { h, t, maria, device, viewer };
}

const keptOf = (link: string, from: string, title: string): KeptShare => {
  const url = new URL(link);
  return { id: url.pathname.split('/').pop()!, key: url.hash.slice(1), from, title, keptAt: '2026-11-30T02:00:00.000Z' };
};

describe('a link kept in the viewer\'s own account', () => {
  it('reaches her other device sealed, opens there always current, says so once stopped, and can be removed', async () => {
    const { h, maria, device, viewer, t } = await keptWorld();
    const { link, share } = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), WORDS.person, ORIGIN);
    const kept = keptOf(link, 'Canary-From-Ada', WORDS.name);
    const phone = await device();
    await keepShare(phone.db, kept, true);
    await keepShare(phone.db, kept, true); // kept once
    await phone.sync();

    // The server holds her kept link sealed: neither the key nor who shared it, in any form.
    const files = serverFiles(t.deps.config.dataDir);
    for (const secret of [kept.key, Buffer.from(kept.key, 'base64url').toString('latin1'), 'Canary-From-Ada']) expect(files).not.toContain(secret);
    const stored = await t.services.records.get(maria.userId, 'profile', maria.userId);
    expect(JSON.stringify(stored)).not.toContain(kept.key);

    // A second device, signed in afresh, gets it through sync and opens the share, with the owner's later edit.
    const laptop = await device();
    await laptop.sync();
    expect(await readKept(laptop.db)).toEqual([kept]);
    await refreshShares(h.deps, ...docItem({ id: 'd1', ...h.doc, originalLocation: WORDS.edit }));
    expect(await viewer((await readKept(laptop.db))[0]!)).toMatchObject({ kind: 'open', name: WORDS.person, value: { documentName: WORDS.name, originalLocation: WORDS.edit } });

    // The owner stops sharing: the kept link opens nothing, in the viewer's words for a stopped share.
    await stopSharing(h.deps, { kind: 'document', id: 'd1' }, share.id);
    expect(await viewer(kept)).toEqual({ kind: 'stopped' });

    // Removed on one device, it leaves the other too; without keys open it is never kept.
    await forgetKept(laptop.db, kept.id);
    await laptop.sync();
    await phone.sync();
    expect(await readKept(phone.db)).toEqual([]);
    await expect(keepShare(phone.db, kept, false)).rejects.toThrow(/not sealed/);
    expect(await readKept(phone.db)).toEqual([]);
  });

  it('a lying server gets her nothing readable: another share\'s body for the kept link, or kept items swapped, fail visibly', async () => {
    const { h, maria, device, viewer } = await keptWorld();
    const a = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN);
    const b = await startSharing(h.deps, ...docItem({ id: 'd2', ...h.doc, documentName: 'Insurance' }), 'Maria', ORIGIN);
    const keptA = keptOf(a.link, 'Ada', 'Will');
    const keptB = keptOf(b.link, 'Ada', 'Insurance');
    const phone = await device();
    await keepShare(phone.db, keptA, true);
    await keepShare(phone.db, keptB, true);
    await phone.sync();

    // The kept link answered with the other share's body (or its token swapped for the other's): refused in words, nothing shown.
    const bBody = await (await h.w.t.call('GET', `/api/shared/${b.share.id}`)).json();
    const lying = (path: string) => (path === `/api/shared/${a.share.id}` ? Promise.resolve(Response.json(bBody)) : h.w.t.call('GET', path));
    expect(await openKept(lying, keptA)).toEqual({ kind: 'tampered' });
    expect(await openKept((path) => h.w.t.call('GET', path.replace(a.share.id, b.share.id)), keptA)).toEqual({ kind: 'tampered' });
    expect(await viewer(keptA)).toMatchObject({ kind: 'open', value: { documentName: WORDS.name } }); // the honest answer still opens

    // A server that swaps the sealed kept items of her profile (A's envelope under B's item, and back) on the way to a new device.
    const swapping: Transport = async (req, signal) => {
      const res: SyncResponse = await maria.transport(req, signal);
      return {
        ...res,
        records: res.records.map((r) => {
          if (r.collection !== 'profile') return r;
          const names = Object.keys(r.values).filter((f) => f.startsWith('keptShares/'));
          if (names.length !== 2) return r;
          const [x, y] = names as [string, string];
          return { ...r, values: { ...r.values, [x]: r.values[y], [y]: r.values[x] } };
        }),
      };
    };
    const laptop = await device();
    await laptop.sync(swapping);
    expect(await readKept(laptop.db)).toEqual([]); // neither link is taken from a moved envelope
    const refused = await laptop.db.dexie.sealErrors.where('collection').equals('profile').toArray();
    expect(refused.map((e) => e.field).sort()).toEqual(expect.arrayContaining([expect.stringMatching(/^keptShares\//), expect.stringMatching(/^keptShares\//)]));
    expect(refused.filter((e) => e.field.startsWith('keptShares/'))).toHaveLength(2); // named to her, not hidden
  });
});
