/**
 * Where the plan's AI results go (issue 38, item 4: "Suggest music" replaced the whole list and the
 * person's own "The Lark Ascending – Vaughan Williams" vanished; "Generate obituary" replaced an
 * obituary the person had typed): suggestions are added beside the person's own, an obituary they
 * wrote is kept and the new one offered as a draft, and Undo takes back only what the helper did.
 */
import { describe, expect, it } from 'vitest';
import { createDefaultProvider } from '../../../shared/ai';
import { addSuggestedMusic, placeObituary, undoAddedMusic, undoFilledObituary } from './ai-results';
import { musicRequest } from './plan-ai';

describe('the plan’s AI results keep the person’s own words', () => {
  it('Suggest music keeps her own song, adds only the ticked kinds of music, and repeats nothing', async () => {
    const own = ['The Lark Ascending \u2013 Vaughan Williams'];
    const genres = ['classical', 'gospel'] as const;
    const user = { values: ['family', 'nature', 'spirituality'] as const, beliefs: 'Spiritual but not religious' };
    const { songs } = await createDefaultProvider().music(musicRequest({ values: [...user.values], beliefs: user.beliefs }, genres, 'luxury'));
    const { items, added } = addSuggestedMusic(own, songs, genres);
    expect(items[0]).toBe(own[0]);
    expect(added.length).toBeGreaterThan(0);
    expect(items).toEqual([...own, ...added]);
    expect(added.filter((s) => /Lark Ascending/.test(s))).toEqual([]);
    for (const stray of ['In My Life \u2014 The Beatles', 'Lean on Me \u2014 Bill Withers', 'Hallelujah \u2014 Jeff Buckley']) expect(added).not.toContain(stray);
  });

  it('a model’s answer outside the ticked kinds is not added', () => {
    const { added } = addSuggestedMusic(['Jerusalem \u2014 Hubert Parry'], ['In My Life \u2014 The Beatles', 'Abide with Me \u2014 Henry Francis Lyte & William Henry Monk'], ['gospel']);
    expect(added).toEqual(['Abide with Me \u2014 Henry Francis Lyte & William Henry Monk']);
  });

  it('Undo of Suggest music takes away what was added, and keeps what she added or kept since', () => {
    const added = ['Adagio for Strings \u2014 Samuel Barber', 'Abide with Me \u2014 Henry Francis Lyte & William Henry Monk'];
    const now = ['The Lark Ascending \u2013 Vaughan Williams', 'Adagio for Strings \u2014 Samuel Barber', 'Abide with Me \u2014 Henry Francis Lyte & William Henry Monk', 'Danny Boy'];
    expect(undoAddedMusic(now, added)).toEqual(['The Lark Ascending \u2013 Vaughan Williams', 'Danny Boy']);
    // Her own copy of a song that was also suggested stays (one removed per suggestion).
    expect(undoAddedMusic(['Nimrod', 'Nimrod'], ['Nimrod'])).toEqual(['Nimrod']);
  });

  it('an empty obituary is filled; one she wrote is kept and the new one offered as a draft', () => {
    expect(placeObituary('', 'Margaret Hale died.')).toEqual({ kind: 'fill' });
    expect(placeObituary('  \n ', 'Margaret Hale died.')).toEqual({ kind: 'fill' });
    expect(placeObituary('She loved the river.', 'Margaret Hale died.')).toEqual({ kind: 'draft', draft: 'Margaret Hale died.' });
    // The same words as hers: nothing to offer.
    expect(placeObituary('Margaret Hale died.', 'Margaret Hale died.')).toEqual({ kind: 'same' });
  });

  it('Undo of a filled obituary empties it only while it still holds the draft', () => {
    expect(undoFilledObituary('Margaret Hale died.', 'Margaret Hale died.', '')).toBe('');
    expect(undoFilledObituary('Margaret Hale died. She loved the river.', 'Margaret Hale died.', '')).toBeNull();
  });
});
