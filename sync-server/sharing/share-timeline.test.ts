/**
 * Settings' timeline of sharing keeps the name of a stopped share and every opening, not only the
 * last one (issue 43 "The owner always knows": who, what, when). Through the app's own share code
 * (Dexie over fake-indexeddb) and the real Hono app over SQLite: the server keeps, when a share is
 * stopped, only what it held sealed before (the owner's wrap of the share key and the sealed name,
 * never the copy), and one row per opening (a reload within a minute is the same opening).
 */
import { describe, expect, it } from 'vitest';
import { listShares, openShareRows, startSharing, stopSharing } from '../../web/features/sharing/share-client';
import { timelineEvents } from '../../web/features/sharing/timeline';
import { docItem, ORIGIN, WORDS, world } from '../test/lying-share-world';

const MINUTE = 60_000;

describe('share now: the owner\'s timeline', () => {
  it('names the person of a stopped share, and lists every opening', async () => {
    const h = await world();
    const { share, link } = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), WORDS.person, ORIGIN);
    h.w.t.advance(MINUTE);
    expect((await h.viewer(link)).kind).toBe('open');
    h.w.t.advance(10_000);
    expect((await h.viewer(link)).kind).toBe('open'); // a reload: the same opening
    h.w.t.advance(2 * 60 * MINUTE);
    expect((await h.viewer(link)).kind).toBe('open');
    h.w.t.advance(MINUTE);
    await stopSharing(h.deps, { kind: 'document', id: 'd1' }, share.id);
    expect((await h.viewer(link)).kind).not.toBe('open');

    const rows = await openShareRows(h.deps, await listShares(h.deps), ORIGIN);
    expect(rows).toEqual([expect.objectContaining({ name: WORDS.person, link: null, share: expect.objectContaining({ phase: 'stopped', ownerWrap: null, label: null }) })]);
    const names = new Map(rows.flatMap((r) => (r.name ? [[r.share.id, r.name] as const] : [])));
    const events = timelineEvents(rows.map((r) => r.share), names, () => 'Will');
    expect(events.map((e) => [e.what, e.text])).toEqual([
      ['stopped', `You stopped sharing "Will" with ${WORDS.person}. That link opens nothing now.`],
      ['opened', `${WORDS.person} opened "Will".`],
      ['opened', `${WORDS.person} opened "Will".`],
      ['made', `You shared "Will" with ${WORDS.person}.`],
    ]);
    const start = Date.parse(share.createdAt);
    expect(events.filter((e) => e.what === 'opened').map((e) => Date.parse(e.at) - start)).toEqual([MINUTE + 10_000 + 120 * MINUTE, MINUTE]);
    // The server holds no copy of a stopped share, and no name or key in the clear.
    const row = h.w.t.deps.db.prepare('SELECT copy, owner_wrap, label, kept_label FROM shares WHERE id = ?').get(share.id) as Record<string, string | null>;
    expect(row).toMatchObject({ copy: null, owner_wrap: null, label: null });
    expect(row.kept_label).toMatch(/^s1\./);
    expect(JSON.stringify(row)).not.toContain(WORDS.person);
  });

  it('one item\'s list (the share dialog\'s, which shows the last opening) carries no openings; the full list (the timeline\'s) carries them all (issue 43 leftovers s23, 3)', async () => {
    const h = await world();
    const { share, link } = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), WORDS.person, ORIGIN);
    for (let i = 0; i < 3; i++) {
      h.w.t.advance(2 * MINUTE);
      expect((await h.viewer(link)).kind).toBe('open');
    }
    const [mine] = await listShares(h.deps, { kind: 'document', id: 'd1' });
    expect(mine!.openedAt).toBe(new Date(Date.parse(share.createdAt) + 6 * MINUTE).toISOString());
    expect(mine).not.toHaveProperty('openings');
    expect((await listShares(h.deps))[0]!.openings).toHaveLength(3);
  });
});
