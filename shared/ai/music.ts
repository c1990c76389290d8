/**
 * Default music suggestions (SPEC.md §7 `POST /api/suggest-music`): real, well-known pieces often
 * chosen for funerals and memorials, picked from curated lists by beliefs (religious, Jewish,
 * spiritual, secular), by value (SPEC.md §3 "Selectable values") and by genre. Secular and
 * "spiritual but not religious" beliefs, and a written refusal ("no hymns"), exclude sacred pieces.
 * Returns up to 8-12 distinct 'Title — Artist/Composer' strings from what was given, never a genre
 * the person did not choose; the same input always gives the same list.
 */
import type { BudgetLevel, ValueId } from '../schema';
import type { MusicInput } from './provider';

/** [title, artist or composer, sacred] */
type Piece = readonly [string, string, boolean?];

export const GENRE_PIECES: Record<string, readonly Piece[]> = {
  classical: [
    ['Adagio for Strings', 'Samuel Barber'],
    ['Nimrod (Enigma Variations)', 'Edward Elgar'],
    ['Canon in D', 'Johann Pachelbel'],
    ['Air on the G String', 'Johann Sebastian Bach'],
    ['Clair de Lune', 'Claude Debussy'],
    ['Gymnopédie No. 1', 'Erik Satie'],
    ['Largo (Symphony No. 9, "From the New World")', 'Antonín Dvořák'],
    ['Pie Jesu (Requiem)', 'Gabriel Fauré', true],
    ['Lacrimosa (Requiem)', 'Wolfgang Amadeus Mozart', true],
  ],
  folk: [
    ['The Parting Glass', 'Traditional Irish'],
    ['Fields of Gold', 'Eva Cassidy'],
    ['Both Sides Now', 'Joni Mitchell'],
    ['Hallelujah', 'Leonard Cohen'],
    ['Danny Boy', 'Traditional (Londonderry Air)'],
    ['The Water Is Wide', 'Traditional'],
    ['Caledonia', 'Dougie MacLean'],
    ['Bridge Over Troubled Water', 'Simon & Garfunkel'],
  ],
  pop: [
    ['Somewhere Over the Rainbow / What a Wonderful World', 'Israel Kamakawiwoʻole'],
    ['Tears in Heaven', 'Eric Clapton'],
    ['Time to Say Goodbye', 'Andrea Bocelli & Sarah Brightman'],
    ['Angels', 'Robbie Williams'],
    ['See You Again', 'Wiz Khalifa feat. Charlie Puth'],
    ['You Raise Me Up', 'Josh Groban'],
    ['Candle in the Wind', 'Elton John'],
    ['In My Life', 'The Beatles'],
  ],
  jazz: [
    ['What a Wonderful World', 'Louis Armstrong'],
    ['Autumn Leaves', 'Nat King Cole'],
    ['Smile', 'Nat King Cole'],
    ['Blue in Green', 'Miles Davis'],
    ['Naima', 'John Coltrane'],
    ['Summertime', 'Ella Fitzgerald & Louis Armstrong'],
    ['Just a Closer Walk with Thee', 'Traditional New Orleans', true],
  ],
  gospel: [
    ['Amazing Grace', 'Traditional (John Newton)', true],
    ['How Great Thou Art', 'Traditional (Carl Boberg)', true],
    ['Abide with Me', 'Henry Francis Lyte & William Henry Monk', true],
    ['The Lord\u2019s My Shepherd (Crimond)', 'Traditional', true],
    ['It Is Well with My Soul', 'Horatio Spafford & Philip Bliss', true],
    ['Take My Hand, Precious Lord', 'Mahalia Jackson', true],
    ['I\u2019ll Fly Away', 'Albert E. Brumley', true],
  ],
  rock: [
    ['Wish You Were Here', 'Pink Floyd'],
    ['Knockin\u2019 on Heaven\u2019s Door', 'Bob Dylan'],
    ['Dust in the Wind', 'Kansas'],
    ['Everybody Hurts', 'R.E.M.'],
    ['Let It Be', 'The Beatles'],
    ['Nothing Else Matters', 'Metallica'],
    ['Free Bird', 'Lynyrd Skynyrd'],
  ],
  country: [
    ['Go Rest High on That Mountain', 'Vince Gill', true],
    ['Live Like You Were Dying', 'Tim McGraw'],
    ['He Stopped Loving Her Today', 'George Jones'],
    ['If Tomorrow Never Comes', 'Garth Brooks'],
    ['Holes in the Floor of Heaven', 'Steve Wariner'],
    ['Angel Flying Too Close to the Ground', 'Willie Nelson'],
  ],
  ambient: [
    ['On the Nature of Daylight', 'Max Richter'],
    ['An Ending (Ascent)', 'Brian Eno'],
    ['Nuvole Bianche', 'Ludovico Einaudi'],
    ['Spiegel im Spiegel', 'Arvo Pärt'],
    ['Svefn-g-englar', 'Sigur Rós'],
    ['Weightless', 'Marconi Union'],
  ],
  soul: [
    ['A Change Is Gonna Come', 'Sam Cooke'],
    ['Lean on Me', 'Bill Withers'],
    ['Stand by Me', 'Ben E. King'],
    ['Bridge Over Troubled Water', 'Aretha Franklin'],
    ['Ain\u2019t No Mountain High Enough', 'Marvin Gaye & Tammi Terrell'],
  ],
};

/** Words in a requested genre that map onto one of the lists above. */
const GENRE_ALIASES: [RegExp, string][] = [
  [/classic|orchestra|opera|choral|piano/i, 'classical'],
  [/folk|acoustic|celtic|singer/i, 'folk'],
  [/pop|ballad/i, 'pop'],
  [/jazz|blues|swing/i, 'jazz'],
  [/gospel|hymn|church|sacred|worship/i, 'gospel'],
  [/rock|metal|indie|alternative/i, 'rock'],
  [/country|americana|bluegrass/i, 'country'],
  [/ambient|instrumental|electronic|minimal|meditat/i, 'ambient'],
  [/soul|r&b|rnb|motown|funk/i, 'soul'],
];

export const VALUE_PIECES: Record<ValueId, readonly Piece[]> = {
  family: [
    ['In My Life', 'The Beatles'],
    ['Lean on Me', 'Bill Withers'],
    ['Forever Young', 'Bob Dylan'],
    ['Wind Beneath My Wings', 'Bette Midler'],
    ['Supermarket Flowers', 'Ed Sheeran'],
    ['Unforgettable', 'Nat King Cole'],
  ],
  spirituality: [
    ['Spiegel im Spiegel', 'Arvo Pärt'],
    ['Hallelujah', 'Jeff Buckley'],
    ['Ave Maria', 'Franz Schubert', true],
    ['Be Still, My Soul (Finlandia)', 'Jean Sibelius', true],
    ['On the Nature of Daylight', 'Max Richter'],
  ],
  nature: [
    ['The Lark Ascending', 'Ralph Vaughan Williams'],
    ['Here Comes the Sun', 'The Beatles'],
    ['Fields of Gold', 'Eva Cassidy'],
    ['What a Wonderful World', 'Louis Armstrong'],
    ['Vltava (The Moldau)', 'Bedřich Smetana'],
    ['Morning Has Broken', 'Cat Stevens', true],
  ],
  creativity: [
    ['Vincent (Starry, Starry Night)', 'Don McLean'],
    ['Clair de Lune', 'Claude Debussy'],
    ['Rhapsody in Blue', 'George Gershwin'],
    ['Imagine', 'John Lennon'],
    ['Pure Imagination', 'Gene Wilder'],
  ],
  achievement: [
    ['My Way', 'Frank Sinatra'],
    ['Nessun dorma', 'Giacomo Puccini'],
    ['Chariots of Fire', 'Vangelis'],
    ['Fanfare for the Common Man', 'Aaron Copland'],
    ['I Hope You Dance', 'Lee Ann Womack'],
  ],
  legacy: [
    ['Forever Young', 'Bob Dylan'],
    ['Nimrod (Enigma Variations)', 'Edward Elgar'],
    ['Live Like You Were Dying', 'Tim McGraw'],
    ['Remember Me (from Coco)', 'Miguel'],
    ['Time to Say Goodbye', 'Andrea Bocelli & Sarah Brightman'],
  ],
};

export type BeliefKind = 'religious' | 'jewish' | 'spiritual' | 'secular' | 'unspecified';

export const BELIEF_PIECES: Record<Exclude<BeliefKind, 'unspecified'>, readonly Piece[]> = {
  religious: GENRE_PIECES.gospel,
  jewish: [
    ['Kol Nidrei, Op. 47', 'Max Bruch'],
    ['Theme from Schindler\u2019s List', 'John Williams'],
    ['Eli, Eli (A Walk to Caesarea)', 'David Zehavi, words by Hannah Szenes', true],
    ['Yerushalayim Shel Zahav (Jerusalem of Gold)', 'Naomi Shemer'],
  ],
  spiritual: [
    ['Spiegel im Spiegel', 'Arvo Pärt'],
    ['The Lark Ascending', 'Ralph Vaughan Williams'],
    ['Hallelujah', 'Jeff Buckley'],
    ['On the Nature of Daylight', 'Max Richter'],
    ['Somewhere Over the Rainbow / What a Wonderful World', 'Israel Kamakawiwoʻole'],
  ],
  secular: [
    ['Imagine', 'John Lennon'],
    ['Both Sides Now', 'Joni Mitchell'],
    ['Wish You Were Here', 'Pink Floyd'],
    ['Time to Say Goodbye', 'Andrea Bocelli & Sarah Brightman'],
    ['Nimrod (Enigma Variations)', 'Edward Elgar'],
  ],
};

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
 * the genres, values and beliefs given: nothing given, nothing suggested.
 */
export function musicFor(input: MusicInput): { songs: string[] } {
  const kind = beliefKind(input.spiritualBeliefs);
  // "Quaker, no hymns": a refusal the person wrote is kept, whatever else their beliefs say.
  const refusesSacred = /\bno (hymns?|religious|sacred|church)\b/i.test(input.spiritualBeliefs);
  const allowSacred = !refusesSacred && (kind === 'religious' || kind === 'jewish' || kind === 'unspecified');
  const values = input.personalValues.filter((v): v is ValueId => v in VALUE_PIECES);
  const genres = [
    ...new Set(
      input.musicGenres.flatMap((g) => GENRE_ALIASES.filter(([re]) => re.test(g)).map(([, name]) => name)),
    ),
  ];
  if (kind === 'religious' && allowSacred && !genres.includes('gospel')) genres.unshift('gospel');

  const buckets: (readonly Piece[])[] = [
    ...(kind === 'unspecified' ? [] : [BELIEF_PIECES[kind]]),
    ...values.map((v) => VALUE_PIECES[v]),
    ...genres.map((g) => GENRE_PIECES[g]),
  ];
  const seed = hash(JSON.stringify([kind, values, genres]));
  const queues = buckets.map((list, i) => {
    const usable = list.filter((p) => allowSacred || !p[2]);
    const offset = usable.length ? (seed + i * 7) % usable.length : 0;
    return [...usable.slice(offset), ...usable.slice(0, offset)];
  });

  const target = SONG_COUNT[input.budget];
  const songs: string[] = [];
  const seen = new Set<string>();
  const take = (p: Piece) => {
    const key = p[0].toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    songs.push(`${p[0]} \u2014 ${p[1]}`);
  };
  // Round-robin across the lists so beliefs, every value and every genre are all represented.
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
