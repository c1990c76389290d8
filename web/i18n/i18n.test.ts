/**
 * The runtime (issue 44): messages by id in the active language, each other language loaded on
 * demand, ICU plurals by each language's rules, and the tests' pseudo-locale.
 */
import { type Messages, setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { compileCatalog } from '../../scripts/vite-catalogs';
import auth from './catalogs/en/auth.json';
import { activateLanguage, currentLanguage, i18n, PSEUDO, registerEnglish, t } from './i18n';
import { accent, pseudoCatalog } from './pseudo';

/** A catalog compiled as the build compiles it (scripts/vite-catalogs.ts), evaluated. */
async function compiled(lang: string, catalog: Record<string, string>): Promise<Messages> {
  const source = compileCatalog(lang, JSON.stringify(catalog));
  return ((await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { messages: Messages }).messages;
}

describe('i18n', () => {
  it('speaks English from the start, placeholders filled in', () => {
    expect(currentLanguage()).toBe('en');
    expect(t('language.label')).toBe('Language');
    registerEnglish('auth', auth as unknown as Messages, import.meta.glob(['./catalogs/*/auth.json', '!./catalogs/en/*'], { import: 'messages' })); // as the auth feature's namespace() does
    expect(t('login.welcomeDescription', { firstName: 'Ada' })).toBe('Good to see you, Ada.');
    // A value as written: Lingui unescapes \uXXXX in its result, so a name's `\u000a` was a line break (review s23-i18n M1).
    expect(t('login.welcomeDescription', { firstName: 'Ada\\u000aB \\x41 \\\\' })).toBe('Good to see you, Ada\\u000aB \\x41 \\\\.');
  });

  it("a namespace registered with another namespace's language files is refused at once (each module writes its own glob)", () => {
    const settings = import.meta.glob(['./catalogs/*/settings.json', '!./catalogs/en/*'], { import: 'messages' });
    expect(() => registerEnglish('profile', {}, settings)).toThrow(/profile.*settings\.json/);
  });

  it("the signed-in frame's words come with its module (web/ui/signed-in-messages.ts), not with every page's shell (issue 41)", async () => {
    expect(t('nav.settings')).toBe('nav.settings'); // not registered: the shell does not carry them
    await import('../ui/signed-in-messages');
    expect(t('nav.settings')).toBe('Settings');
  });

  it('loads another language when it is activated, then back to English', async () => {
    await activateLanguage('de');
    expect([t('language.label'), t('nav.settings')]).toEqual(['Sprache', 'Einstellungen']);
    expect(t('login.welcomeDescription', { firstName: 'Ada' })).toBe('Schön, Sie zu sehen, Ada.');
    await activateLanguage('ar');
    expect([t('language.label'), t('nav.settings')]).toEqual(['اللغة', 'الإعدادات']);
    await activateLanguage('en');
    expect([t('language.label'), t('nav.settings')]).toEqual(['Language', 'Settings']);
  });

  it('plurals follow each language\'s rules (Arabic has six forms)', async () => {
    const message = '{n, plural, zero {لا ملفات} one {ملف واحد} two {ملفان} few {# ملفات} many {# ملفًا} other {# ملف}}';
    const ar = setupI18n({ locale: 'ar', messages: { ar: await compiled('ar', { files: message }) } });
    expect([0, 1, 2, 3, 11, 100].map((n) => ar._('files', { n }))).toEqual(['لا ملفات', 'ملف واحد', 'ملفان', '3 ملفات', '11 ملفًا', '100 ملف']);
    const en = setupI18n({ locale: 'en', messages: { en: await compiled('en', { files: '{n, plural, one {# file} other {# files}}', who: '{role, select, trustee {A trustee} other {Someone}}' }) } });
    expect([en._('files', { n: 1 }), en._('files', { n: 2 }), en._('who', { role: 'trustee' })]).toEqual(['1 file', '2 files', 'A trustee']);
  });

  it('the pseudo-locale accents every letter and makes messages about 40 % longer, keeping placeholders and tags', async () => {
    const messages = pseudoCatalog(await compiled('en', { a: 'Good to see you, {firstName}.', b: 'New here? <0>Create an account</0>', c: '{n, plural, one {# file} other {# files}}' }));
    const p = setupI18n({ locale: PSEUDO, messages: { [PSEUDO]: messages } });
    const greeting = p._('a', { firstName: 'Ada' });
    expect(greeting.startsWith(`${accent('Good to see you, ')}Ada.`)).toBe(true);
    expect(greeting.replace('Ada', '')).not.toMatch(/[A-Za-z]/);
    expect(greeting.length).toBeGreaterThanOrEqual(Math.round('Good to see you, Ada.'.length * 1.35));
    expect(p._('b')).toContain('<0>Çŕéàţé àñ àççöûñţ</0>');
    expect(p._('c', { n: 2 })).toMatch(/^2 ƒîĺéš/);
  });

  it('the pseudo-locale is not a language a person can choose', async () => {
    const { LANGUAGES } = await import('../../shared/languages');
    expect(LANGUAGES as readonly string[]).not.toContain(PSEUDO);
    await activateLanguage(PSEUDO);
    expect(t('language.label')).not.toMatch(/[A-Za-z]/);
    expect(t('nav.settings')).not.toMatch(/[A-Za-z]/);
    await activateLanguage('en');
    expect(i18n.locale).toBe('en');
  });
});
