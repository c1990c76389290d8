/**
 * The binder's words on the device (binder-words.ts, shared/binder/words.ts; issue 44): the English
 * catalog holds exactly the English the builder says by itself, and each other language's catalog
 * is fetched as its own compiled chunk.
 */
import { describe, expect, it } from 'vitest';
import en from '../../i18n/catalogs/en/binder-pdf.json';
import { BINDER_ENGLISH, binderWords } from '../../../shared/binder/words';
import { loadBinderMessages } from './binder-words';

describe("the binder's words", () => {
  it('the English catalog is the English the builder says by itself, word for word (shared/binder/words.ts)', async () => {
    const raw = (await import('node:fs')).readFileSync(new URL('../../i18n/catalogs/en/binder-pdf.json', import.meta.url), 'utf8');
    expect(JSON.parse(raw)).toEqual(BINDER_ENGLISH);
    expect(Object.keys(en).sort()).toEqual(Object.keys(BINDER_ENGLISH).sort());
  });

  it('loads a language’s compiled catalog, none for English or a language Afterword does not speak', async () => {
    expect(await loadBinderMessages('en')).toBeUndefined();
    expect(await loadBinderMessages('xx')).toBeUndefined();
    const de = await loadBinderMessages('de');
    const words = binderWords('de', de);
    expect(words.t('binderPdf.madeOn', { date: words.date('2026-11-01') })).toBe('Erstellt am 1. November 2026');
    expect(words.t('binderPdf.phone', { phone: '\\u000a+49' })).toBe('Telefon: \\u000a+49'); // a value as written (shared/i18n-values.ts)
    const ar = binderWords('ar', await loadBinderMessages('ar'));
    expect(ar.rtl).toBe(true);
    expect(ar.t('binderPdf.phone', { phone: '+44 1865 000000' })).toBe('الهاتف: \u2068+44 1865 000000\u2069');
    // Each value is isolated (set in its own direction as one piece: shared/binder/bidi.ts), never drawn.
    expect(ar.t('binderPdf.footer', { name: 'سارة', date: ar.date('2026-11-01'), page: ar.number(1), count: ar.number(12) }).replace(/[\u2066-\u2069]/g, '')).toBe('ملف العائلة لـ سارة · أعد في 1 نوفمبر 2026 · الصفحة 1 من 12');
  });

  it('an id no English message has throws (a typo fails its test, not a family’s binder)', () => {
    expect(() => binderWords('en').t('binderPdf.nope')).toThrow(/No message binderPdf\.nope/);
  });
});
