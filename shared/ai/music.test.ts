import { describe, expect, it } from 'vitest';
import { BELIEF_PIECES, GENRE_PIECES, VALUE_PIECES, beliefKind, musicFor } from './music';

const base = {
  musicGenres: ['classical', 'folk', 'pop'],
  personalValues: ['nature'],
  spiritualBeliefs: 'Spiritual but not religious',
  budget: 'moderate' as const,
};

const allPieces = [...Object.values(GENRE_PIECES), ...Object.values(VALUE_PIECES), ...Object.values(BELIEF_PIECES)].flat();
const sacredSongs = new Set(allPieces.filter((p) => p[2]).map((p) => `${p[0]} \u2014 ${p[1]}`));
const songsOf = (list: readonly (readonly [string, string, boolean?])[]) => list.map((p) => `${p[0]} \u2014 ${p[1]}`);

describe('default music suggestions (SPEC.md §7 POST /api/suggest-music)', () => {
  it('returns 8-12 distinct "Title — Artist" strings', () => {
    for (const budget of ['budget', 'moderate', 'premium', 'luxury'] as const) {
      const { songs } = musicFor({ ...base, budget });
      expect(songs.length).toBeGreaterThanOrEqual(8);
      expect(songs.length).toBeLessThanOrEqual(12);
      expect(new Set(songs).size).toBe(songs.length);
      for (const s of songs) expect(s).toMatch(/^.+ \u2014 .+$/);
    }
  });

  it('is deterministic for the same input', () => {
    expect(musicFor(base)).toEqual(musicFor({ ...base, musicGenres: [...base.musicGenres] }));
  });

  it('reads beliefs: secular words win over religious ones', () => {
    expect(beliefKind('Spiritual but not religious')).toBe('spiritual');
    expect(beliefKind('Humanist')).toBe('secular');
    expect(beliefKind('Catholic, with a strong faith')).toBe('religious');
    expect(beliefKind('Reform Jewish')).toBe('jewish');
    expect(beliefKind('')).toBe('unspecified');
  });

  it('includes hymns for religious beliefs and no sacred piece for secular or spiritual ones', () => {
    const religious = musicFor({ ...base, spiritualBeliefs: 'Baptist; my faith in God' }).songs;
    expect(religious.some((s) => songsOf(GENRE_PIECES.gospel).includes(s))).toBe(true);
    for (const beliefs of ['Atheist', 'Spiritual but not religious', 'secular humanist']) {
      const { songs } = musicFor({ ...base, personalValues: ['spirituality', 'nature'], spiritualBeliefs: beliefs });
      expect(songs.filter((s) => sacredSongs.has(s))).toEqual([]);
    }
  });

  it('differs by values, drawing on each chosen value', () => {
    const nature = musicFor(base).songs;
    const achievement = musicFor({ ...base, personalValues: ['achievement'] }).songs;
    expect(nature).not.toEqual(achievement);
    expect(nature.some((s) => songsOf(VALUE_PIECES.nature).includes(s))).toBe(true);
    expect(achievement.some((s) => songsOf(VALUE_PIECES.achievement).includes(s))).toBe(true);
  });

  it('follows the genres asked for, and ignores unknown values', () => {
    const jazz = musicFor({ ...base, musicGenres: ['Jazz'], personalValues: ['unknown'], spiritualBeliefs: '' }).songs;
    expect(jazz.filter((s) => songsOf(GENRE_PIECES.jazz).includes(s)).length).toBeGreaterThanOrEqual(5);
  });

  it('suggests nothing it was not given: no genre chosen, no values or beliefs, no songs', () => {
    expect(musicFor({ ...base, musicGenres: [], personalValues: [], spiritualBeliefs: '' }).songs).toEqual([]);
    const folkOnly = musicFor({ ...base, musicGenres: ['folk'], personalValues: [], spiritualBeliefs: '' }).songs;
    expect(folkOnly.every((s) => songsOf(GENRE_PIECES.folk).includes(s))).toBe(true);
  });

  it('keeps a refusal the person wrote: "Quaker, no hymns" gets no sacred piece', () => {
    const songs = musicFor({ ...base, musicGenres: ['classical', 'jazz'], personalValues: ['spirituality'], spiritualBeliefs: 'Quaker, no hymns please' }).songs;
    const sacred = Object.values(GENRE_PIECES).flat().filter((p) => p[2]).map((p) => `${p[0]} \u2014 ${p[1]}`);
    expect(songs.length).toBeGreaterThan(0);
    expect(songs.filter((s) => sacred.includes(s))).toEqual([]);
  });
});
