/**
 * The printed trustee kit (kit-pdf.ts) read back as a person and a phone would: one A4 page whose
 * text holds who it is from and for, what to do, the code in its groups and the fingerprint, and a
 * QR image that decodes to the kit link itself; also for a real family's long names (issue 38).
 * Names of any length and script: kit-pdf-names.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { buildKitPdf, type KitPrint } from './kit-pdf';
import { kitFonts, pdfQrTexts, pdfText } from './kit-pdf-reader';


const CODE = ['AB12C', 'D34EF', 'GH56J', 'K78MN', 'PQ9RS', 'TV0WX', 'YZ12A', 'B34CD', 'E56FG', 'H78JK', 'M9NPQ', 'R0STV', 'WX12Y', 'Z34AB', 'C56DE', 'F78GH', 'J9KMN', 'P0QRS', 'TV12W', 'XY34Z', 'A56BC', 'D78EF', 'G9HJK'].join('-');
const LINK = 'https://afterword.example/kit/AbCdEfGhIjKlMnOpQrStUv#AQEBAgMEBQYHCAkKCwwNDg8QERITFBUWFxgZGhscHR4fICEiIyQlJicoKSorLC0uLzAxMjM0NTY3ODk6Ozw';

const print = (over: Partial<KitPrint> = {}): KitPrint => ({
  people: { ownerName: 'Zofia Wąsowska-Łęcka', ownerFirstName: 'Zofia', trusteeName: 'Grace Hopper', k: 2, n: 3 },
  index: 2,
  code: CODE,
  page: 'https://afterword.example/kit/AbCdEfGhIjKlMnOpQrStUv',
  link: LINK,
  fingerprint: '7K3Q-F9XA',
  madeAt: new Date('2026-11-27T10:00:00Z'),
  ...over,
});

describe('the printed trustee kit (kit-pdf.ts)', () => {
  it('is one page holding who it is from and for, what to do, the code in groups, the fingerprint and the date', async () => {
    const pdf = await buildKitPdf(print(), kitFonts);
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('A trustee kit from Zofia Wąsowska-Łęcka');
    expect(text).toContain('For Grace Hopper');
    expect(text).toContain('What this is for');
    expect(text).toContain('When the time comes');
    expect(text).toContain('Confirm only if you know Zofia has died');
    expect(text).toContain('2 of the 3 trustees');
    expect(text).toContain('https://afterword.example/kit/AbCdEfGhIjKlMnOpQrStUv');
    for (const group of CODE.split('-')) expect(text).toContain(group);
    // The groups in order, as a person types them.
    expect(text.replace(/[^A-Z0-9]/g, '')).toContain(CODE.replaceAll('-', ''));
    expect(text).toContain('7K3Q-F9XA');
    expect(text).toContain('made on November 27, 2026');
    expect(text).toContain('Kit 2 of 3 · 2 needed');
    // Its QR image decodes to the kit link, fragment and all.
    expect(await pdfQrTexts(pdf)).toEqual([LINK]);
  });

  it('with one kit needed says the kit alone is enough', async () => {
    const { text } = await pdfText(await buildKitPdf(print({ people: { ownerName: 'Ada Lovelace', ownerFirstName: 'Ada', trusteeName: 'Charles', k: 1, n: 1 } }), kitFonts));
    expect(text).toContain('enough on its own');
    expect(text).toContain('any one of the 1 trustee');
  });

  it('an executor kit is worded for the executor of the will: what it is, keep it with the will, what to do when the time comes; its QR is its link', async () => {
    const pdf = await buildKitPdf(print({ executor: true, people: { ownerName: 'Zofia Wąsowska-Łęcka', ownerFirstName: 'Zofia', trusteeName: 'the executor', k: 2, n: 3 }, index: 3 }), kitFonts);
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('Afterword · Executor kit');
    expect(text).toContain('An executor kit from Zofia Wąsowska-Łęcka');
    expect(text).toContain('For the executor of Zofia Wąsowska-Łęcka’s will');
    expect(text).toContain('This kit and 1 of Zofia’s trustees can confirm Zofia’s death together');
    expect(text).toContain('It opens nothing on its own');
    expect(text).toContain('Keep this page with the will');
    expect(text).toContain('go to https://afterword.example/kit/AbCdEfGhIjKlMnOpQrStUv and type the code below');
    expect(text).toContain('Confirm only if you know Zofia has died');
    expect(text).toContain('Kit 3 of 3 · 2 needed');
    expect(text.replace(/[^A-Z0-9]/g, '')).toContain(CODE.replaceAll('-', ''));
    // Not a trustee's kit: no "Keep this kit" step, no yearly e-mail, no trusteeship.
    expect(text).not.toMatch(/Keep this kit|chose you as a trustee|Once a year we e-mail/);
    expect(await pdfQrTexts(pdf)).toEqual([LINK]);
  });

  // Issue 38 item 1: with a real family's names every "Print kit" failed ("did not fit on one page (2 pages)").
  const WHITFIELD = { ownerName: 'Margaret Eleanor Whitfield-Hughes', ownerFirstName: 'Margaret', k: 2, n: 4 };
  const REAL_KITS: [string, Partial<KitPrint>][] = [
    ['a son with full access', { people: { ...WHITFIELD, trusteeName: 'David Alexander Whitfield-Hughes' }, index: 1 }],
    ['a daughter with messages only', { people: { ...WHITFIELD, trusteeName: 'Siobhán Zoë O’Brien-Whitfield' }, index: 2 }],
    ['a solicitor with documents only', { people: { ...WHITFIELD, trusteeName: "Jonathan D'Arcy Fitzwilliam-Hale, Hale & Co Solicitors LLP" }, index: 3 }],
    ['the executor kit', { people: { ...WHITFIELD, trusteeName: 'the executor' }, index: 4, executor: true }],
  ];
  it.each(REAL_KITS)('prints on one page for a real family’s long names: %s', async (_, over) => {
    const pdf = await buildKitPdf(print(over), kitFonts);
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain('Margaret Eleanor Whitfield-Hughes');
    if (!over.executor) expect(text).toContain(`For ${over.people!.trusteeName}`);
    expect(text.replace(/[^A-Z0-9]/g, '')).toContain(CODE.replaceAll('-', ''));
    expect(text).toContain('7K3Q-F9XA');
    expect(await pdfQrTexts(pdf)).toEqual([LINK]);
  });
});
