/**
 * A trustee's later e-mails (access at release, yearly, confirm, hand-over) on the catalogs (issue
 * 44, docs/i18n.md "E-mails"): in English, every shape the queue stores (trustee-later-variants.ts)
 * is word for word what it was before the move (trustee-later-english.json, rendered by the old
 * code); in each other language it has no id, placeholder or English sentence left, and its links
 * are the same.
 */
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages';
import { type EmailParams, emailLanguage, renderEmail } from './emails';
import english from './trustee-later-english.json';
import { variants } from './trustee-later-variants';

const links = (s: string) => s.match(/https?:\/\/\S+|\(preview — no link is made\)/g) ?? [];

describe("a trustee's later e-mails", () => {
  it('in English, every shape is word for word as before the move', () => {
    expect(variants).toHaveLength(english.length);
    // Written in English when the params name no language, or one Afterword does not speak.
    expect([emailLanguage({}), emailLanguage({ lang: 'xx' })]).toEqual(['en', 'en']);
    for (const [i, [kind, params, link]] of variants.entries()) {
      const was = english[i]!;
      expect(kind).toBe(was.kind);
      expect(renderEmail(kind, params as EmailParams, link)).toEqual({ subject: was.subject, text: was.text });
    }
  });

  it('in every other language, every shape is in that language: no id, placeholder or English sentence, the same links', () => {
    for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
      for (const [i, [kind, params, link]] of variants.entries()) {
        const was = english[i]!;
        const mail = renderEmail(kind, { ...(params as EmailParams), lang }, link);
        expect(emailLanguage({ lang })).toBe(lang);
        for (const part of [mail.subject, mail.text]) {
          expect(part, `${lang} ${kind} #${i}`).not.toMatch(/mail\.[a-z]|[{}]|undefined|With care|named you as a trustee|Take whatever time|trustee kit/);
        }
        expect(mail.subject).not.toBe(was.subject);
        expect(links(mail.text), `${lang} ${kind} #${i}`).toEqual(links(was.text));
        expect(mail.text).toContain(params.ownerName);
      }
    }
  });
});
