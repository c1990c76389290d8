/**
 * The "Your privacy" page's release section says what the code does today (SECURITY.md "Release
 * escrow", "Trustee kits: who can read what"): the server keeps a copy of the keys until the
 * trustee kits are in use, then deletes it without changing the keys; each letter travels the way
 * its owner chose (the words of the message form); nothing is promised as a "next step" that is
 * already built. Rendered as the app renders it (react-dom/server, the page's own component, in
 * English from the 'privacy' catalog; issue 44).
 */
import { readFileSync } from 'node:fs';
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../shared/languages';
import { i18n } from '../../i18n/i18n';
import { DELIVERY_WORD_IDS, DELIVERY_WORDS } from '../message-vault/delivery-words';
import PrivacyPage from './PrivacyPage';

/** A language's catalog `ns` (web/i18n/catalogs). */
const catalog = (lang: string, ns: string) => JSON.parse(readFileSync(new URL(`../../i18n/catalogs/${lang}/${ns}.json`, import.meta.url), 'utf8')) as Record<string, string>;

/** The visible text of the page's section headed `heading`, tags removed and spaces collapsed. */
function sectionText(heading: string): string {
  const html = renderToStaticMarkup(createElement(I18nProvider, { i18n }, createElement(PrivacyPage)));
  const section = html.split('<section').find((s) => s.includes(`>${heading}</h2>`));
  if (!section) throw new Error(`No section "${heading}"`);
  return section
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}

describe('the privacy page says what happens at a release', () => {
  it('names the trustee kits, the server’s copy until they are in use, and that deleting it changes no key', () => {
    const text = sectionText('When you die');
    expect(text).not.toMatch(/next step/i);
    expect(text).toMatch(/trustee kits/);
    // The escrow keeps messages' keys only (SECURITY.md "Release escrow"): never the plan's.
    expect(text).toMatch(/keeps a copy of your messages’ keys/);
    expect(text).not.toMatch(/copy of your keys/);
    expect(text).toMatch(/plan, documents and tasks are never in it/);
    expect(text).toMatch(/deletes that copy/);
    expect(text).toMatch(/does not change your keys/);
    expect(text).toMatch(/backup/);
    expect(text).toMatch(/release key/);
  });

  it('names both ways a letter can travel, in the message form’s words, and who could read each', () => {
    const text = sectionText('When you die');
    expect(text).toContain(DELIVERY_WORDS.server);
    expect(text).toContain(DELIVERY_WORDS.trustee);
    expect(text).toMatch(/e-mail services/);
    expect(text).toMatch(/unless you chose them to hand it over/);
  });

  it('quotes the message form’s two ways in each language’s own words (issue 44: the message-vault catalog’s, not a translation of its own)', () => {
    for (const lang of LANGUAGES) {
      const [vault, page] = [catalog(lang, 'message-vault'), catalog(lang, 'privacy')];
      expect(page['privacy.release.kits'], lang).toContain(vault[DELIVERY_WORD_IDS.server]);
      expect(page['privacy.release.kits'], lang).toContain(vault[DELIVERY_WORD_IDS.trustee]);
    }
  });

  it('never says the server holds a copy of every key, in any section', () => {
    for (const heading of ['Sealed on your devices', 'When you die']) expect(sectionText(heading)).not.toMatch(/copy of your keys/);
    expect(sectionText('Sealed on your devices')).toMatch(/copy of your messages’ keys/);
  });

  it('says what an old backup opens: the letters whose keys the copy held (and, from an older version, the plan), and that kits count once handed over (the executor kit is one)', () => {
    const text = sectionText('When you die');
    expect(text).not.toMatch(/could still open what your keys lock/);
    expect(text).toMatch(/could still open your letters/);
    expect(text).toMatch(/older version of Afterword/);
    expect(text).not.toMatch(/enough of your trustees have kept theirs/);
  });

  it('says that deleting an account leaves copies in backups until they are rotated', () => {
    expect(sectionText('On your devices')).toMatch(/backups/);
  });
});

describe('the privacy page says what is sealed', () => {
  it('names the plan’s AI helper input beside its other words (shared/crypto/fields.ts seals them under the plan key)', () => {
    const text = sectionText('Sealed on your devices');
    expect(text).toMatch(/your plan: funeral wishes, music, readings, obituary and special requests, and what you tell the AI helpers \(the details for your obituary and the kinds of music you love\);/);
  });
});
