import { describe, expect, it } from 'vitest';
import type { ShareJson } from '../../../shared/share-items';
import { forgetOthersShutOut, noteOthersShutOut, othersShutOutOf } from '../keys';
import { sharesToReview, shareReviewText } from './share-review';

/** A storage like the browser's localStorage (what survives a reload). */
function mapStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

const share = (id: string, createdAt: string, phase: ShareJson['phase'] = 'active'): ShareJson => ({
  id,
  itemKind: 'document',
  itemId: 'd1',
  phase,
  revision: 1,
  ownerKid: 'docs~1',
  ownerWrap: phase === 'stopped' ? null : 'w1.x',
  label: phase === 'stopped' ? null : 's1.x',
  createdAt,
  updatedAt: createdAt,
  openedAt: null,
  stoppedAt: phase === 'stopped' ? createdAt : null,
});

describe('shares to review after a lost device (review F7)', () => {
  it('after the key is replaced or other devices are signed out, lists the live shares made before, until the owner stops them or keeps them', () => {
    const storage = mapStorage();
    expect(othersShutOutOf('u1', storage)).toBeNull(); // nothing happened: nothing asked
    noteOthersShutOut('u1', 'key-replaced', new Date('2026-11-29T12:00:00.000Z'), storage);
    const review = othersShutOutOf('u1', storage)!;
    expect(review).toEqual({ since: '2026-11-29T12:00:00.000Z', why: 'key-replaced' });
    expect(othersShutOutOf('u2', storage)).toBeNull(); // per account
    const shares = [share('old', '2026-11-01T00:00:00.000Z'), share('made-first', '2026-11-02T00:00:00.000Z', 'created'), share('stopped', '2026-11-03T00:00:00.000Z', 'stopped'), share('after', '2026-11-29T12:00:01.000Z')];
    // Live ones the lost device could know of; not a stopped one, nor one made after it was shut out.
    expect(sharesToReview(shares, review).map((s) => s.id)).toEqual(['old', 'made-first']);
    expect(shareReviewText(review, 2)).toContain('replaced the key that locks your words');
    noteOthersShutOut('u1', 'signed-out', new Date('2026-11-30T08:00:00.000Z'), storage);
    expect(shareReviewText(othersShutOutOf('u1', storage)!, 1)).toContain('changed your password, which signed out your other devices');
    noteOthersShutOut('u1', 'lost-device', new Date('2026-11-30T09:00:00.000Z'), storage);
    expect(shareReviewText(othersShutOutOf('u1', storage)!, 1)).toContain('and signed out your other devices');
    forgetOthersShutOut('u1', storage);
    expect(othersShutOutOf('u1', storage)).toBeNull();
  });

  it('a damaged stored note asks nothing (never stops anything by itself)', () => {
    const storage = mapStorage();
    storage.setItem('afterword:share-review:u1', '{"since":"not a date","why":"key-replaced"}');
    expect(othersShutOutOf('u1', storage)).toBeNull();
    storage.setItem('afterword:share-review:u1', 'not json');
    expect(othersShutOutOf('u1', storage)).toBeNull();
  });
});
