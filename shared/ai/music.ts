/**
 * Default music suggestions (SPEC.md §7 `POST /api/suggest-music`) from the curated pieces of
 * music-pieces.ts, and how any suggestions (these, or a model's) join the person's own list.
 * Suggestions come only from the kinds of music the person ticked (issue 38, item 4: with Classical
 * and Hymns ticked it suggested "In My Life — The Beatles" from her values); beliefs (religious,
 * Jewish, spiritual, secular) and values (SPEC.md §3 "Selectable values") choose among those.
 * Secular and "spiritual but not religious" beliefs exclude sacred pieces unless hymns are ticked;
 * a written refusal ("no hymns") always does. The same input always gives the same list.
 */
import type { BudgetLevel, ValueId } from '../schema';
import { BELIEF_PIECES, type BeliefKind, GENRE_ALIASES, GENRE_PIECES, type Piece, VALUE_PIECES } from './music-pieces';
import type { MusicInput } from './provider';

export { BELIEF_PIECES, GENRE_PIECES, VALUE_PIECES, type BeliefKind };

/** Reads the free-text beliefs. Secular words win over religious ones ("not religious"). */
export function beliefKind(beliefs: string): BeliefKind {
  const b = beliefs.toLowerCase();
  if (/\b(atheis|humanis|secular|agnostic|non-?religious|not religious|no religion)/.test(b)) {
    return /spiritual/.test(b) ? 'spiritual' : 'secular';
  }
  if (/\b(jewish|judaism|synagogue|rabbi)/.test(b)) return 'jewish';
  if (/\b(christ|church|god|jesus|catholic|protestant|baptist|methodist|lutheran|anglican|orthodox|pentecostal|evangelical|faith|lord|bible|gospel|religious)/.test(b)) {
    return 'religious';
  }
  if (/\b(spiritual|buddhis|meditat|zen|universe|soul)/.test(b)) return 'spiritual';
  return 'unspecified';
}

/** The kinds of music (GENRE_PIECES keys) that the words of a request's `musicGenres` name, each once. */
export function tickedGenres(words: readonly string[]): string[] {
  return [...new Set(words.flatMap((g) => GENRE_ALIASES.filter(([re]) => re.test(g)).map(([, name]) => name)))];
}

/**
 * The key two song texts share when they name the same piece: the title (the text before a dash
 * or " by "), without what is in brackets, accents, punctuation or case. "The Lark Ascending –
 * Vaughan Williams" and "The Lark Ascending — Ralph Vaughan Williams" share one.
 */
export function songTitleKey(song: string): string {
  const title = song.split(/\s+[\u2014\u2013-]\s+|\s+by\s+/i)[0] ?? song;
  return title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/\([^)]*\)/g, ' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Title key → the kinds of music the curated pieces of that title are; "title — artist" → those of that piece. */
const GENRES_BY_TITLE = new Map<string, string[]>();
const GENRES_BY_PIECE = new Map<string, string[]>();
const addTo = (map: Map<string, string[]>, key: string, genre: string) => map.set(key, [...new Set([...(map.get(key) ?? []), genre])]);
const pieceKey = (p: Piece) => `${p[0]} \u2014 ${p[1]}`;
for (const [genre, pieces] of Object.entries(GENRE_PIECES)) {
  for (const p of pieces) {
    addTo(GENRES_BY_TITLE, songTitleKey(p[0]), genre);
    addTo(GENRES_BY_PIECE, pieceKey(p), genre);
  }
}

/** The kinds of music (GENRE_PIECES keys) a song is known to be, by its title; [] for a piece not in the curated lists. */
export function genresOfSong(song: string): string[] {
  return GENRES_BY_TITLE.get(songTitleKey(song)) ?? [];
}

/**
 * `songs` without those known (genresOfSong) to be only of kinds of music not in `genres` (the
 * request's words, e.g. 'classical' or 'Hymns'): what a model suggests outside the kinds ticked is
 * dropped where the curated lists can tell; a piece they do not know is kept.
 */
export function keepTickedGenres(songs: readonly string[], genres: readonly string[]): string[] {
  const ticked = new Set(tickedGenres(genres));
  return songs.filter((s) => {
    const known = genresOfSong(s);
    return known.length === 0 || known.some((g) => ticked.has(g));
  });
}

/**
 * The person's list `own` with `suggested` added after it (issue 38, item 4: suggestions are added
 * beside what the person wrote, never replacing it): each suggestion trimmed, blank ones and ones
 * longer than `maxItemLength` skipped, none whose title (songTitleKey) is already in the list, and
 * no more than the list's `maxItems` in all. Returns the whole list and the suggestions added.
 */
export function mergeSuggestions(own: readonly string[], suggested: readonly string[], maxItems: number, maxItemLength = Infinity) {
  const seen = new Set(own.map(songTitleKey));
  const added: string[] = [];
  for (const raw of suggested) {
    const song = raw.trim();
    const key = songTitleKey(song);
    if (!song || !key || song.length > maxItemLength || seen.has(key)) continue;
    if (own.length + added.length >= maxItems) break;
    seen.add(key);
    added.push(song);
  }
  return { items: [...own, ...added], added };
}

const SONG_COUNT: Record<BudgetLevel, number> = { budget: 8, moderate: 10, premium: 11, luxury: 12 };

/** FNV-1a: a stable number from the input, to rotate each list so different people get variety. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * Up to 8-12 suggestions (by budget level: a larger service has room for more music), only from
 * the kinds of music given: none given, nothing suggested. Pieces that fit the beliefs and values
 * come first among them; every kind ticked is represented.
 */
export function musicFor(input: MusicInput): { songs: string[] } {
  const kind = beliefKind(input.spiritualBeliefs);
  const genres = tickedGenres(input.musicGenres);
  // "Quaker, no hymns": a refusal the person wrote is kept, whatever else they ticked or believe.
  const refusesSacred = /\bno (hymns?|religious|sacred|church)\b/i.test(input.spiritualBeliefs);
  const allowSacred = !refusesSacred && (kind === 'religious' || kind === 'jewish' || kind === 'unspecified' || genres.includes('gospel'));
  const values = input.personalValues.filter((v): v is ValueId => v in VALUE_PIECES);
  const ticked = new Set(genres);
  const usable = (p: Piece) => (allowSacred || !p[2]) && (GENRES_BY_PIECE.get(pieceKey(p)) ?? []).some((g) => ticked.has(g));

  const buckets: (readonly Piece[])[] = [
    ...(kind === 'unspecified' ? [] : [BELIEF_PIECES[kind]]),
    ...values.map((v) => VALUE_PIECES[v]),
    ...genres.map((g) => GENRE_PIECES[g]!),
  ];
  const seed = hash(JSON.stringify([kind, values, genres]));
  const queues = buckets.map((list, i) => {
    const kept = list.filter(usable);
    const offset = kept.length ? (seed + i * 7) % kept.length : 0;
    return [...kept.slice(offset), ...kept.slice(0, offset)];
  });

  const target = SONG_COUNT[input.budget];
  const songs: string[] = [];
  const seen = new Set<string>();
  const take = (p: Piece) => {
    const key = songTitleKey(p[0]);
    if (seen.has(key)) return;
    seen.add(key);
    songs.push(pieceKey(p));
  };
  // Round-robin across the lists so beliefs, every value and every kind of music are all represented.
  while (songs.length < target && queues.some((q) => q.length > 0)) {
    for (const q of queues) {
      const next = q.shift();
      if (next) take(next);
      if (songs.length >= target) break;
    }
  }
  // Fewer pieces than the target are fewer: never topped up from kinds of music the person did not choose.
  return { songs };
}
