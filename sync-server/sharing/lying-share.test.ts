/**
 * A server that lies about a share (docs/sharing.md "What a lying server can and cannot do"): the
 * owner's device (Dexie over fake-indexeddb, the real sync engine) wrote a document to a sealed
 * account on the real Hono app over a real SQLite file; the app's own share code
 * (web/features/sharing/share-client.ts, viewer.ts) shares it, refreshes it and opens it, against
 * answers a test replaces. The server's files hold nothing that opens the item; a swapped copy is
 * refused in words, never shown; a swapped owner's key is refused and nothing is sealed under it;
 * a link the viewer kept in her own account (kept-shares.ts) opens nothing from a swapped body,
 * token or kept item.
 */
import { describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { makeShare, wrapShareKey } from '../../shared/crypto/share-copy';
import { importAesKey, newRawKey } from '../../shared/crypto/wrap';
import { refreshShares, startSharing, stopSharing, type ShareJson } from '../../web/features/sharing/share-client';
import type { SyncResponse } from '../../shared/sync/protocol';
import { keepShare, openKept, readKept } from '../../web/features/sharing/kept-shares';
import type { Transport } from '../../web/sync/transport';
import { docItem, keptOf, keptWorld, ORIGIN, serverFiles, WORDS, world } from '../test/lying-share-world';

const D1 = { kind: 'document', id: 'd1' } as const;

describe('a server that lies about a share', () => {
  it('holds nothing that opens it: no word of the document or the name, and never the key, in its files or any request', async () => {
    const h = await world();
    const { link } = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), WORDS.person, ORIGIN);
    const key = link.split('#')[1]!;
    expect(await h.viewer(link)).toMatchObject({ kind: 'open', name: WORDS.person, value: { documentName: WORDS.name, originalLocation: WORDS.where } });
    expect(await refreshShares(h.deps, ...docItem({ id: 'd1', ...h.doc, originalLocation: WORDS.edit }))).toEqual({ refreshed: 1, refused: [], failed: [] });
    expect(await h.viewer(link)).toMatchObject({ kind: 'open', value: { originalLocation: WORDS.edit } }); // the viewer sees the later edit
    const files = serverFiles(h.w.t.deps.config.dataDir);
    for (const secret of [...Object.values(WORDS), key, Buffer.from(key, 'base64url').toString('latin1')]) expect(files).not.toContain(secret);
    for (const r of h.sent) {
      expect(r.path).not.toContain(key);
      expect(r.body).not.toContain(key);
      for (const word of Object.values(WORDS)) expect(r.body).not.toContain(word);
    }
  });

  it('a swapped or changed copy fails visibly: the page says it could not open it, and shows nothing of it', async () => {
    const h = await world();
    const a = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN);
    const b = await startSharing(h.deps, ...docItem({ id: 'd2', ...h.doc, documentName: 'Insurance' }), 'Maria', ORIGIN);
    const bCopy = (await (await h.w.t.call('GET', `/api/shared/${b.share.id}`)).json()) as { copy: string; revision: number; label: string };
    const swaps: Array<(json: Record<string, unknown>) => unknown> = [
      (j) => ({ ...j, copy: bCopy.copy, revision: bCopy.revision }), // another share's copy
      (j) => ({ ...j, copy: bCopy.copy, revision: bCopy.revision, label: bCopy.label }),
      (j) => ({ ...j, revision: (j.revision as number) + 1 }), // a relabelled revision
      (j) => ({ ...j, copy: (j.copy as string).slice(0, -4) + ((j.copy as string).endsWith('AAAA') ? 'BBBB' : 'AAAA') }), // a changed byte
      (j) => ({ ...j, copy: 'v1.docs~1.AAAAAAAAAAAAAAAA.AAAA' }),
    ];
    for (const swap of swaps) {
      h.setLie((path, json) => (path.startsWith('/api/shared/') ? swap(json as Record<string, unknown>) : json));
      expect(await h.viewer(a.link)).toEqual({ kind: 'tampered' });
    }
    h.setLie(null);
    expect(await h.viewer(a.link)).toMatchObject({ kind: 'open', value: { documentName: WORDS.name } });
  });

  it('a swapped key is refused: a wrap the server made, or another share\'s, is not used, and nothing is sealed under it', async () => {
    const h = await world();
    const a = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN);
    const b = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Bert', ORIGIN);
    const serverKey = makeShare().key; // a key the server knows
    const serverWrap = await wrapShareKey(await importAesKey(newRawKey()), serverKey, h.w.userId, { shareId: a.share.id, itemKind: 'document', itemId: 'd1' });
    const lists = (f: (s: ShareJson) => ShareJson) => (path: string, json: unknown) => (path.startsWith('/api/shares?') ? { shares: (json as { shares: ShareJson[] }).shares.map(f) } : json);
    for (const swap of [(s: ShareJson) => (s.id === a.share.id ? { ...s, ownerWrap: serverWrap } : s), (s: ShareJson) => (s.id === a.share.id ? { ...s, ownerWrap: b.share.ownerWrap } : s)]) {
      h.setLie(lists(swap));
      h.sent.length = 0;
      expect(await refreshShares(h.deps, ...docItem({ id: 'd1', ...h.doc, originalLocation: WORDS.edit }))).toEqual({ refreshed: 1, refused: [a.share.id], failed: [] });
      expect(h.sent.filter((r) => r.path === `/api/shares/${a.share.id}/copy`)).toEqual([]); // nothing sealed under the swapped key
      expect(h.sent.some((r) => r.body.includes(toB64url(serverKey)))).toBe(false);
    }
    h.setLie(null);
    expect(await h.viewer(a.link)).toMatchObject({ kind: 'open', value: { originalLocation: WORDS.where } }); // still the owner's own last copy
  });

  it('another document\'s share is refused: a list for d2 that names d1\'s share seals nothing of d2 under its key (F1)', async () => {
    const h = await world();
    const a = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN);
    const aRow = (await h.w.t.services.sharing.list(h.w.userId, 'd1'))[0]!;
    const d2 = { id: 'd2', ...h.doc, documentName: 'Canary-Other-Doc', originalLocation: WORDS.edit };
    // The server answers "d2's shares" with d1's real share, as stored, or relabelled as d2's.
    for (const row of [aRow, { ...aRow, itemId: 'd2' }]) {
      h.setLie((path, json) => (path.startsWith('/api/shares?') ? { shares: [row] } : json));
      h.sent.length = 0;
      expect(await refreshShares(h.deps, ...docItem(d2))).toEqual({ refreshed: 0, refused: [a.share.id], failed: [] });
      expect(h.sent.filter((r) => r.path === `/api/shares/${a.share.id}/copy`)).toEqual([]);
    }
    h.setLie(null);
    expect(await h.viewer(a.link)).toMatchObject({ kind: 'open', value: { documentName: WORDS.name, originalLocation: WORDS.where } });
    // The viewer refuses a copy served under another item than the one it was sealed for.
    for (const swap of [{ itemId: 'd2' }, { itemKind: 'survivorTask' }]) {
      h.setLie((path, json) => (path.startsWith('/api/shared/') ? { ...(json as object), ...swap } : json));
      expect(await h.viewer(a.link)).toEqual({ kind: 'tampered' });
    }
  });

  it('the page shows the date the owner\'s device sealed, not a date the server sends beside the copy (F4)', async () => {
    const h = await world();
    const a = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN);
    const sealedAt = new Date(h.w.t.deps.now()).toISOString();
    h.setLie((path, json) => (path.startsWith('/api/shared/') ? { ...(json as object), updatedAt: '2099-01-01T00:00:00.000Z' } : json));
    expect(await h.viewer(a.link)).toMatchObject({ kind: 'open', updatedAt: sealedAt });
  });

  it('a stopped share stays stopped: a server that lists it as active again gets no later edit sealed for it (F2)', async () => {
    const h = await world();
    const a = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN);
    const b = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Bert', ORIGIN);
    expect(await h.deps.live.read(D1)).toEqual([a.share.id, b.share.id]);
    const aRow = (await h.w.t.services.sharing.list(h.w.userId, 'd1')).find((s) => s.id === a.share.id)!;
    await stopSharing(h.deps, D1, a.share.id);
    expect(await h.deps.live.read(D1)).toEqual([b.share.id]);
    // The server kept the row, the wrap and the name, and lists the share as active again.
    h.setLie((path, json) => (path.startsWith('/api/shares?') ? { shares: [...(json as { shares: ShareJson[] }).shares.filter((s) => s.id !== a.share.id), aRow] } : json));
    h.sent.length = 0;
    expect(await refreshShares(h.deps, ...docItem({ id: 'd1', ...h.doc, originalLocation: WORDS.edit }))).toEqual({ refreshed: 1, refused: [], failed: [] });
    expect(h.sent.filter((r) => r.path === `/api/shares/${a.share.id}/copy`)).toEqual([]); // nothing sealed for the stopped viewer
    h.setLie(null);
    expect(await h.viewer(b.link)).toMatchObject({ kind: 'open', value: { originalLocation: WORDS.edit } });
  });

  it('deleting a shared document stops its shares at once, before anyone opens the link (F6)', async () => {
    const h = await world();
    const a = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN);
    const b = await startSharing(h.deps, ...docItem({ id: 'd2', ...h.doc }), 'Bert', ORIGIN);
    await h.db.write('documents', 'd1', { _deleted: true });
    await h.sync();
    // The server stops it as it accepts the tombstone (after the push's commit, without holding its answer).
    await expect.poll(() => h.w.t.services.sharing.list(h.w.userId, 'd1')).toMatchObject([{ id: a.share.id, phase: 'stopped', ownerWrap: null, label: null }]);
    expect(await h.w.t.services.sharing.list(h.w.userId, 'd2')).toMatchObject([{ id: b.share.id, phase: 'active' }]); // another document's share is untouched
  });

  it('after stop the link opens nothing: the server deleted the copy and answers 410, and the page says so', async () => {
    const h = await world();
    const a = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN);
    await stopSharing(h.deps, D1, a.share.id);
    expect(await h.viewer(a.link)).toEqual({ kind: 'stopped' });
    const row = await h.w.t.services.sharing.list(h.w.userId, 'd1');
    expect(row[0]).toMatchObject({ phase: 'stopped', ownerWrap: null, label: null });
    expect(await h.viewer(`${ORIGIN}/shared/${a.share.id}#short`)).toEqual({ kind: 'bad-link' });
  });

  it('a link the viewer kept in her account gets her nothing readable from another share\'s body, a swapped token or swapped kept items: each fails visibly', async () => {
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
