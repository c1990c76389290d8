/**
 * The curated pieces behind the built-in music suggestions (music.ts): real, well-known pieces
 * often chosen for funerals and memorials, by kind of music, by value and by belief. Each entry is
 * [title, artist or composer, sacred]; a sacred piece is left out for secular and "spiritual but
 * not religious" beliefs unless hymns are ticked, and always when the person wrote "no hymns".
 */
import type { ValueId } from '../schema';

/** [title, artist or composer, sacred] */
export type Piece = readonly [string, string, boolean?];

/**
 * Every piece by the kind of music it is (a piece may be of two). A piece is suggested only from
 * the kinds the person ticked (issue 38, item 4), so each piece of the value and belief lists below
 * is listed here too (music.test.ts checks it).
 */
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
    ['The Lark Ascending', 'Ralph Vaughan Williams'],
    ['Ave Maria', 'Franz Schubert', true],
    ['Vltava (The Moldau)', 'Bedřich Smetana'],
    ['Nessun dorma', 'Giacomo Puccini'],
    ['Fanfare for the Common Man', 'Aaron Copland'],
    ['Spiegel im Spiegel', 'Arvo Pärt'],
    ['Kol Nidrei, Op. 47', 'Max Bruch'],
    ['Theme from Schindler\u2019s List', 'John Williams'],
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
    ['Forever Young', 'Bob Dylan'],
    ['Vincent (Starry, Starry Night)', 'Don McLean'],
    ['Morning Has Broken', 'Cat Stevens', true],
    ['Yerushalayim Shel Zahav (Jerusalem of Gold)', 'Naomi Shemer'],
    ['Eli, Eli (A Walk to Caesarea)', 'David Zehavi, words by Hannah Szenes', true],
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
    ['Wind Beneath My Wings', 'Bette Midler'],
    ['Supermarket Flowers', 'Ed Sheeran'],
    ['Here Comes the Sun', 'The Beatles'],
    ['Imagine', 'John Lennon'],
    ['Pure Imagination', 'Gene Wilder'],
    ['My Way', 'Frank Sinatra'],
    ['Remember Me (from Coco)', 'Miguel'],
  ],
  jazz: [
    ['What a Wonderful World', 'Louis Armstrong'],
    ['Autumn Leaves', 'Nat King Cole'],
    ['Smile', 'Nat King Cole'],
    ['Blue in Green', 'Miles Davis'],
    ['Naima', 'John Coltrane'],
    ['Summertime', 'Ella Fitzgerald & Louis Armstrong'],
    ['Just a Closer Walk with Thee', 'Traditional New Orleans', true],
    ['Unforgettable', 'Nat King Cole'],
    ['Rhapsody in Blue', 'George Gershwin'],
  ],
  gospel: [
    ['Amazing Grace', 'Traditional (John Newton)', true],
    ['How Great Thou Art', 'Traditional (Carl Boberg)', true],
    ['Abide with Me', 'Henry Francis Lyte & William Henry Monk', true],
    ['The Lord\u2019s My Shepherd (Crimond)', 'Traditional', true],
    ['It Is Well with My Soul', 'Horatio Spafford & Philip Bliss', true],
    ['Take My Hand, Precious Lord', 'Mahalia Jackson', true],
    ['I\u2019ll Fly Away', 'Albert E. Brumley', true],
    ['Be Still, My Soul (Finlandia)', 'Jean Sibelius', true],
    ['Morning Has Broken', 'Cat Stevens', true],
  ],
  rock: [
    ['Wish You Were Here', 'Pink Floyd'],
    ['Knockin\u2019 on Heaven\u2019s Door', 'Bob Dylan'],
    ['Dust in the Wind', 'Kansas'],
    ['Everybody Hurts', 'R.E.M.'],
    ['Let It Be', 'The Beatles'],
    ['Nothing Else Matters', 'Metallica'],
    ['Free Bird', 'Lynyrd Skynyrd'],
    ['Hallelujah', 'Jeff Buckley'],
  ],
  country: [
    ['Go Rest High on That Mountain', 'Vince Gill', true],
    ['Live Like You Were Dying', 'Tim McGraw'],
    ['He Stopped Loving Her Today', 'George Jones'],
    ['If Tomorrow Never Comes', 'Garth Brooks'],
    ['Holes in the Floor of Heaven', 'Steve Wariner'],
    ['Angel Flying Too Close to the Ground', 'Willie Nelson'],
    ['I Hope You Dance', 'Lee Ann Womack'],
  ],
  ambient: [
    ['On the Nature of Daylight', 'Max Richter'],
    ['An Ending (Ascent)', 'Brian Eno'],
    ['Nuvole Bianche', 'Ludovico Einaudi'],
    ['Spiegel im Spiegel', 'Arvo Pärt'],
    ['Svefn-g-englar', 'Sigur Rós'],
    ['Weightless', 'Marconi Union'],
    ['Chariots of Fire', 'Vangelis'],
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
export const GENRE_ALIASES: [RegExp, string][] = [
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

/**
 * Pieces often chosen by people who hold a value (SPEC.md §3 "Selectable values"): a preference
 * among the kinds of music ticked, never a way around them.
 */
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

/** Pieces that fit a belief: like VALUE_PIECES, a preference among the kinds of music ticked. */
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

