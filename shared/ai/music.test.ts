import { describe, expect, it } from 'vitest';
import { BELIEF_PIECES, GENRE_PIECES, VALUE_PIECES, beliefKind, genresOfSong, keepTickedGenres, mergeSuggestions, musicFor, songTitleKey } from './music';

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

  it('includes hymns for religious beliefs when hymns are ticked, and no sacred piece for secular or spiritual ones', () => {
    const religious = musicFor({ ...base, musicGenres: ['classical', 'gospel'], spiritualBeliefs: 'Baptist; my faith in God' }).songs;
    expect(religious.some((s) => songsOf(GENRE_PIECES.gospel).includes(s))).toBe(true);
    // Religious beliefs never add hymns the person did not tick.
    const folk = musicFor({ ...base, musicGenres: ['folk'], spiritualBeliefs: 'Baptist; my faith in God' }).songs;
    expect(folk.every((s) => genresOfSong(s).includes('folk'))).toBe(true);
    for (const beliefs of ['Atheist', 'Spiritual but not religious', 'secular humanist']) {
      const { songs } = musicFor({ ...base, personalValues: ['spirituality', 'nature'], spiritualBeliefs: beliefs });
      expect(songs.filter((s) => sacredSongs.has(s))).toEqual([]);
    }
  });

  it('differs by values, drawing on each chosen value within the kinds of music ticked', () => {
    const nature = musicFor(base).songs;
    const achievement = musicFor({ ...base, personalValues: ['achievement'] }).songs;
    expect(nature).not.toEqual(achievement);
    expect(nature.some((s) => songsOf(VALUE_PIECES.nature).includes(s))).toBe(true);
    expect(achievement.some((s) => songsOf(VALUE_PIECES.achievement).includes(s))).toBe(true);
  });

  it('every piece of the value and belief lists belongs to a kind of music, with one sacred mark', () => {
    for (const p of [...Object.values(VALUE_PIECES), ...Object.values(BELIEF_PIECES)].flat()) {
      const song = `${p[0]} \u2014 ${p[1]}`;
      expect(genresOfSong(song), song).not.toEqual([]);
      expect(sacredSongs.has(song) === Boolean(p[2]), song).toBe(true);
    }
  });

  // Issue 38, item 4: with only Classical and Hymns ticked it suggested "In My Life — The Beatles",
  // "Lean on Me — Bill Withers", "Hallelujah — Jeff Buckley" (from her values and beliefs).
  it('suggests only from the kinds of music ticked, whatever the values and beliefs', () => {
    const everyValue = Object.keys(VALUE_PIECES);
    for (const spiritualBeliefs of ['', 'Spiritual but not religious', 'Church of England', 'Reform Jewish', 'Humanist']) {
      for (const budget of ['budget', 'luxury'] as const) {
        const { songs } = musicFor({ musicGenres: ['classical', 'gospel'], personalValues: everyValue, spiritualBeliefs, budget });
        expect(songs.length, spiritualBeliefs).toBeGreaterThan(0);
        for (const s of songs) expect(genresOfSong(s).some((g) => g === 'classical' || g === 'gospel'), `${s} (${spiritualBeliefs})`).toBe(true);
        expect(songs).not.toContain('In My Life \u2014 The Beatles');
        expect(songs).not.toContain('Lean on Me \u2014 Bill Withers');
        expect(songs).not.toContain('Hallelujah \u2014 Jeff Buckley');
      }
    }
    // Values still choose among the ticked kinds: nature brings The Lark Ascending to classical.
    const nature = musicFor({ musicGenres: ['classical'], personalValues: ['nature'], spiritualBeliefs: '', budget: 'budget' }).songs;
    expect(nature).toContain('The Lark Ascending \u2014 Ralph Vaughan Williams');
  });

  it('a person who ticks hymns gets hymns, unless they wrote that they want none', () => {
    const spiritual = musicFor({ ...base, musicGenres: ['gospel'], spiritualBeliefs: 'Spiritual but not religious' }).songs;
    expect(spiritual.length).toBeGreaterThan(0);
    expect(spiritual.every((s) => genresOfSong(s).includes('gospel'))).toBe(true);
    expect(musicFor({ ...base, musicGenres: ['gospel'], spiritualBeliefs: 'Quaker, no hymns' }).songs).toEqual([]);
  });

  it('follows the genres asked for, and ignores unknown values', () => {
    const jazz = musicFor({ ...base, musicGenres: ['Jazz'], personalValues: ['unknown'], spiritualBeliefs: '' }).songs;
    expect(jazz.filter((s) => songsOf(GENRE_PIECES.jazz).includes(s)).length).toBeGreaterThanOrEqual(5);
  });

  it('suggests nothing it was not given: no kind of music chosen, no songs (values and beliefs alone give none)', () => {
    expect(musicFor({ ...base, musicGenres: [], personalValues: [], spiritualBeliefs: '' }).songs).toEqual([]);
    expect(musicFor({ ...base, musicGenres: [], personalValues: ['family', 'nature'], spiritualBeliefs: 'Baptist' }).songs).toEqual([]);
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

describe('suggestions beside the person’s own list (issue 38, item 4)', () => {
  it('compares songs by title, whatever the dash, case, accents or the artist written', () => {
    expect(songTitleKey('The Lark Ascending \u2013 Vaughan Williams')).toBe(songTitleKey('The Lark Ascending \u2014 Ralph Vaughan Williams'));
    expect(songTitleKey('the lark ascending')).toBe(songTitleKey('The Lark Ascending \u2014 Ralph Vaughan Williams'));
    expect(songTitleKey('Nimrod - Elgar')).toBe(songTitleKey('Nimrod (Enigma Variations) \u2014 Edward Elgar'));
    expect(songTitleKey('Gymnopedie No 1 by Satie')).toBe(songTitleKey('Gymnopédie No. 1 \u2014 Erik Satie'));
    expect(songTitleKey('Clair de Lune')).not.toBe(songTitleKey('Canon in D'));
  });

  it('adds new suggestions after the person’s own, never removing or repeating one', () => {
    const own = ['The Lark Ascending \u2013 Vaughan Williams', 'Jerusalem \u2014 Hubert Parry'];
    const suggested = ['Adagio for Strings \u2014 Samuel Barber', 'The Lark Ascending \u2014 Ralph Vaughan Williams', 'Adagio for Strings \u2014 Samuel Barber', '  ', 'Abide with Me \u2014 Henry Francis Lyte & William Henry Monk'];
    const { items, added } = mergeSuggestions(own, suggested, 200);
    expect(items.slice(0, 2)).toEqual(own);
    expect(added).toEqual(['Adagio for Strings \u2014 Samuel Barber', 'Abide with Me \u2014 Henry Francis Lyte & William Henry Monk']);
    expect(items).toEqual([...own, ...added]);
  });

  it('adds only as many as the list has room for, and none longer than an item may be', () => {
    const own = Array.from({ length: 9 }, (_, i) => `Song ${i}`);
    expect(mergeSuggestions(own, ['A \u2014 B', 'C \u2014 D'], 10).added).toEqual(['A \u2014 B']);
    expect(mergeSuggestions([], ['x'.repeat(501), 'C \u2014 D'], 10, 500).added).toEqual(['C \u2014 D']);
    expect(mergeSuggestions(own.concat('Song 9'), ['A \u2014 B'], 10).items).toHaveLength(10);
  });

  it('drops a piece known to be of a kind of music not ticked (a model that strays)', () => {
    const fromModel = ['In My Life \u2014 The Beatles', 'Lean on Me \u2014 Bill Withers', 'Abide with Me \u2014 Henry Francis Lyte & William Henry Monk', 'A Piece We Do Not Know \u2014 Someone', 'Nimrod (Enigma Variations) \u2014 Edward Elgar'];
    expect(keepTickedGenres(fromModel, ['classical', 'gospel'])).toEqual([
      'Abide with Me \u2014 Henry Francis Lyte & William Henry Monk',
      'A Piece We Do Not Know \u2014 Someone',
      'Nimrod (Enigma Variations) \u2014 Edward Elgar',
    ]);
    // Words a request may hold for a kind of music count as that kind ("Hymns" is gospel).
    expect(keepTickedGenres(['Abide with Me \u2014 Henry Francis Lyte & William Henry Monk'], ['Hymns'])).toHaveLength(1);
  });
});
