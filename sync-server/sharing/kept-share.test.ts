/**
 * A viewer keeps a shared link in their own account (issue 43 "or in their own account if they
 * have one"; docs/sharing.md "Keeping a link in your own account"): the owner shares a document
 * from their device; Maria, with a sealed account of her own on the same real Hono app over a real
 * SQLite file, keeps the link on one device (Dexie over fake-indexeddb, the real sync engine), and
 * a second device of hers gets it sealed through the account's ordinary sync and opens the share,
 * always current, through the viewer's own code. The server never holds her kept key in plain
 * (what a lying server gets from a kept link: lying-share.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { forgetKept, keepShare, readKept } from '../../web/features/sharing/kept-shares';
import { refreshShares, startSharing, stopSharing } from '../../web/features/sharing/share-client';
import { docItem, keptOf, keptWorld, ORIGIN, serverFiles, WORDS } from '../test/lying-share-world';

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
});
