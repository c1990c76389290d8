/**
 * The printed kit for any family's names (issue 38: "Margaret Eleanor Whitfield-Hughes" made every
 * kit two pages and none printed). A property over generated names, each as long as the schema
 * allows (shared/schema: LIMITS.name for the owner's first and last names and the trustee's name)
 * and in any script DejaVu Sans (the kit's font) has letters for: every kit, a trustee's or the
 * executor's, is ONE page whose text holds the whole code and whose QR code decodes to the link.
 * Even names at those limits in the font's widest characters fit (at the smallest size), on the longest
 * web address there can be; so the check when kits are made (kit-plan.ts kitsTooLongText) refuses
 * only names longer than the schema allows, in the owner's words, before anything is handed over.
 */
import fontkit from '@pdf-lib/fontkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CROCKFORD } from '../../../../shared/crypto/group-code';
import { LIMITS } from '../../../../shared/schema/common';
import { buildKitPdf, KitTooLongError } from './kit-pdf';
import { kitFonts, pdfQrTexts, pdfText } from './kit-pdf-reader';
import { kitsTooLongText } from './kit-plan';
import type { KitPeople } from './kit-words';

const SCRIPTS = ['Latin', 'Greek', 'Cyrillic', 'Armenian', 'Georgian', 'Hebrew', 'Arabic', 'Canadian_Aboriginal'] as const;
/** The letters of each script that both faces of the kit's font draw (read from the fonts themselves). */
const LETTERS: string[][] = (() => {
  const [regular, bold] = [kitFonts.regular, kitFonts.bold].map((bytes) => new Set(fontkit.create(bytes as Buffer).characterSet));
  const both = [...regular!].filter((cp) => bold!.has(cp)).map((cp) => String.fromCodePoint(cp));
  return SCRIPTS.map((script) => both.filter((c) => new RegExp(`^(?=\\p{L})\\p{Script=${script}}$`, 'u').test(c)));
})();

/** A name of words in one script (a family's names may differ in script), joined as names are, at most LIMITS.name long. */
const name = fc
  .record({
    script: fc.integer({ min: 0, max: LETTERS.length - 1 }),
    seed: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 14 }), fc.constantFrom(' ', ' ', '-', '’', "'", ' O’', ', ')), { minLength: 1, maxLength: 30 }),
    length: fc.oneof(fc.constant(LIMITS.name), fc.integer({ min: 1, max: LIMITS.name })),
  })
  .map(({ script, seed, length }) => {
    const letters = LETTERS[script]!;
    const words = seed.map(([pick, len, joint], i) => Array.from({ length: len }, (_, j) => letters[(pick + j * 7919) % letters.length]).join('') + (i < seed.length - 1 ? joint : ''));
    let out = '';
    for (let i = 0; out.length < length; i++) out += words[i % words.length];
    return out.slice(0, length).trim() || letters[0]!;
  });

const CODE = Array.from({ length: 22 }, () => 'WWWWW').join('-');
const LINK = 'https://afterword.example/kit/AbCdEfGhIjKlMnOpQrStUv#AQEBAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw';

const group = fc.array(fc.constantFrom(...CROCKFORD), { minLength: 5, maxLength: 5 }).map((g) => g.join(''));
const kit = fc.record({
  first: name,
  last: name,
  trustee: name,
  executor: fc.boolean(),
  n: fc.integer({ min: 1, max: 12 }),
  code: fc.array(group, { minLength: 22, maxLength: 22 }).map((g) => g.join('-')),
  token: fc.base64String({ minLength: 24, maxLength: 24 }).map((s) => s.slice(0, 22).replace(/\+/g, '-').replace(/\//g, '_')),
  fragment: fc.base64String({ minLength: 72, maxLength: 72 }).map((s) => s.slice(0, 71).replace(/\+/g, '-').replace(/\//g, '_')),
  fingerprint: fc.array(fc.constantFrom(...CROCKFORD), { minLength: 8, maxLength: 8 }).map((c) => `${c.slice(0, 4).join('')}-${c.slice(4).join('')}`),
  madeAt: fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
});

describe('the printed kit for any family’s names (kit-pdf.ts)', () => {
  it('has letters of every script it claims to cover', () => {
    for (const letters of LETTERS) expect(letters.length).toBeGreaterThan(40);
  });

  // Ten runs make, read and scan ten PDFs (a few seconds; more on a loaded machine, hence the time limit).
  it('is one page whose text holds the whole code and whose QR code decodes to the link, whatever the names', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(kit, async (g) => {
        const page = `https://afterword.example/kit/${g.token}`;
        const link = `${page}#${g.fragment}`;
        const people: KitPeople = { ownerName: `${g.first} ${g.last}`, ownerFirstName: g.first, trusteeName: g.executor ? 'the executor' : g.trustee, k: Math.ceil(g.n / 2), n: g.n };
        const pdf = await buildKitPdf({ people, index: g.n, code: g.code, page, link, fingerprint: g.fingerprint, madeAt: g.madeAt, executor: g.executor }, kitFonts);
        const { pages, text } = await pdfText(pdf);
        expect(pages).toBe(1);
        expect(text.replace(/[^A-Z0-9]/g, '')).toContain(g.code.replaceAll('-', ''));
        expect(text).toContain(g.fingerprint);
        expect(await pdfQrTexts(pdf)).toEqual([link]);
      }),
      // Each run has three names, the longest the schema allows in about half of them.
      { numRuns: 10 },
    );
  });

  // The font's widest characters: U+1671 "ᙱ" (Canadian syllabics) in bold, U+2031 "‱" in regular, each about 1.7 "W"s.
  const widest = (length: number, c = 'ᙱ') => c.repeat(length);
  const atLimits = (c: string): KitPeople => ({ ownerName: `${widest(LIMITS.name, c)} ${widest(LIMITS.name, c)}`, ownerFirstName: widest(LIMITS.name, c), trusteeName: widest(LIMITS.name, c), k: 9, n: 12 });
  // The longest web address there can be: a 253-character host name and a port.
  const longestPage = `https://${'w'.repeat(63)}.${'w'.repeat(63)}.${'w'.repeat(63)}.${'w'.repeat(61)}:65535/kit/${'W'.repeat(22)}`;

  it.each([
    ['ᙱ', false],
    ['ᙱ', true],
    ['‱', true],
  ] as const)('fits on one page with every name as long as the schema allows, all "%s", on the longest address (executor kit: %s)', async (c, executor) => {
    const people = atLimits(c);
    const print = { people, index: 12, code: CODE, page: longestPage, link: LINK, fingerprint: 'WWWW-WWWW', madeAt: new Date('2026-09-30T12:00:00Z'), executor };
    const pdf = await buildKitPdf(print, kitFonts);
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text.replace(/[^A-Z0-9]/g, '')).toContain(CODE.replaceAll('-', ''));
    expect(await pdfQrTexts(pdf)).toEqual([LINK]);
    // So the check when kits are made lets every name within the limits through.
    expect(kitsTooLongText([{ people, executor }])).toBeNull();
  });

  it('names longer than the schema allows (a record from elsewhere) are refused when kits are made, in the owner’s words, naming the kit', () => {
    const ok: KitPeople = { ownerName: 'Margaret Eleanor Whitfield-Hughes', ownerFirstName: 'Margaret', trusteeName: 'Siobhán Zoë O’Brien', k: 2, n: 3 };
    expect(kitsTooLongText([{ people: ok, executor: false }, { people: { ...ok, trusteeName: 'the executor' }, executor: true }])).toBeNull();
    expect(kitsTooLongText([{ people: ok, executor: false }, { people: { ...ok, trusteeName: 'x'.repeat(LIMITS.name + 1) }, executor: false }])).toBe(
      `The names are too long for ${'x'.repeat(40)}…’s kit to fit on one printed page. Please use a shorter form of the name (Edit Trustee on the Trustees screen, or your name in Profile Settings), then make the kits.`,
    );
    expect(kitsTooLongText([{ people: { ...ok, ownerFirstName: widest(LIMITS.name + 1), trusteeName: 'the executor' }, executor: true }])).toMatch(/^The names are too long for the executor kit to fit/);
  });

  it('printing a kit whose names cannot fit says so in the same words and makes no page', async () => {
    const tooLong: KitPeople = { ownerName: `${widest(4 * LIMITS.name)} ${widest(LIMITS.name)}`, ownerFirstName: widest(4 * LIMITS.name), trusteeName: 'the executor', k: 2, n: 3 };
    const print = { people: tooLong, index: 3, code: CODE, page: longestPage, link: LINK, fingerprint: 'WWWW-WWWW', madeAt: new Date(), executor: true };
    const made = buildKitPdf(print, kitFonts);
    await expect(made).rejects.toThrow(KitTooLongError);
    await expect(made).rejects.toThrow(/^The names are too long for the executor kit to fit on one printed page\. .*then try again\.$/);
  });
});
