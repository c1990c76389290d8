import { describe, expect, it } from 'vitest';
import { LIMITS } from './schema/common';
import { KEPT_FROM_MAX, KEPT_TITLE_MAX, keptShareItem, keptSharesOf, parseKeptShare } from './kept-share';

const ID = 'AAAAAAAAAAAAAAAAAAAAAA';
const KEY = 'B'.repeat(43);

describe('a kept link (issue 43, the viewer in their own account)', () => {
  it('round-trips, on one line, and always fits one list item whatever was typed', () => {
    const kept = { id: ID, key: KEY, from: 'Ada\nLovelace', title: 'Will', keptAt: '2026-11-30T00:00:00.000Z' };
    expect(parseKeptShare(keptShareItem(kept))).toEqual({ ...kept, from: 'Ada Lovelace' });
    const worst = keptShareItem({ id: ID, key: KEY, from: '"\\'.repeat(KEPT_FROM_MAX), title: '\u0001"'.repeat(KEPT_TITLE_MAX), keptAt: '2026-11-30T00:00:00.000Z' });
    expect(worst.length).toBeLessThanOrEqual(LIMITS.listItem);
    expect(parseKeptShare(worst)?.key).toBe(KEY); // the key is never cut
  });

  it('refuses what is not a share link, and lists each share once', () => {
    expect(() => keptShareItem({ id: 'short', key: KEY, from: '', title: '', keptAt: '' })).toThrow(TypeError);
    expect(() => keptShareItem({ id: ID, key: 'x', from: '', title: '', keptAt: '' })).toThrow(TypeError);
    for (const bad of ['', 'not json', '[]', JSON.stringify({ v: 2, id: ID, key: KEY }), JSON.stringify({ v: 1, id: ID, key: 'short' })]) expect(parseKeptShare(bad)).toBeNull();
    const a = keptShareItem({ id: ID, key: KEY, from: 'Ada', title: 'Will', keptAt: '' });
    expect(keptSharesOf([a, 'junk', a]).map((k) => k.id)).toEqual([ID]);
  });
});
