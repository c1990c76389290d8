/**
 * The kit page's words (issue 44; kit/words.ts): its own namespace `kit-page`, added by the kit page
 * to the release pages' words, English until the kit API names a language, then that language's
 * file (compiled as the build compiles it), with the fingerprint's element put where the language
 * puts it. The release pages' own words switch with them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { showInLanguage, t } from '../words';
import { addKitWords, kitCopyWords, kt, ktWith } from './words';
import { copyView } from '../../../shared/share-copy-view';
import { confirmedText } from './steps';

afterEach(async () => {
  await showInLanguage('en');
});

describe("the kit page's words", () => {
  it("are English word for word until the page names a language, then French, Arabic, with the release pages' own", async () => {
    addKitWords();
    expect(kt('kit.title', { name: 'Ada' })).toBe('Your trustee kit from Ada');
    expect(confirmedText(1, 2)).toBe('1 of 2 trustees have confirmed.');
    expect(confirmedText(0, 1)).toBe('0 of 1 trustee has confirmed.');
    await showInLanguage('fr');
    expect(kt('kit.title', { name: 'Ada' })).toBe('Votre kit de la personne de confiance, de la part de Ada');
    expect(kt('kit.keep.button')).toBe('Garder ce kit');
    expect(t('releasePage.trustee.title', { ownerName: 'Ada' })).toBe('Ce que Ada vous a laissé');
    await showInLanguage('ar');
    expect(kt('kit.keep.button')).toBe('الاحتفاظ بهذه الحزمة');
  });

  it("puts the fingerprint's element where the language puts it", async () => {
    const strong = { element: 'strong' } as unknown as Node; // no DOM in the unit tests: any node
    expect(ktWith('kit.check.question', 'fingerprint', strong)).toEqual(['Does the fingerprint on your kit read ', strong, '?']);
    await showInLanguage('fr');
    expect(ktWith('kit.check.question', 'fingerprint', strong)).toEqual(['L’empreinte de votre kit est-elle ', strong, '\u00a0?']);
  });

  it("shows a shared item's view (emergency access) in the page's language: its kind, labels, link and note", async () => {
    const doc = { kind: 'document', documentType: 'will', documentName: 'Testament', documentUrl: 'https://example.org/w', originalLocation: 'Schublade', hasFile: true } as const;
    expect(copyView(doc, kitCopyWords).kindLine).toBe('A document shared with you on Afterword');
    await showInLanguage('de');
    const v = copyView(doc, kitCopyWords);
    expect(v.kindLine).toBe('Ein Dokument, das auf Afterword mit Ihnen geteilt wurde');
    expect(v.entries[0]!.fields).toEqual([{ label: 'Typ', value: 'Testament' }, { label: 'Original aufbewahrt', value: 'Schublade' }]);
    expect(v.link?.label).toBe('Dokument ansehen (öffnet sich in einem neuen Tab)');
    expect(v.note).toBe('Die an dieses Dokument angehängte Datei wird nicht geteilt. Wenn Sie sie brauchen, fragen Sie die Person, die es geteilt hat.');
    expect(copyView({ ...doc, documentType: 'newer-kind' as 'will' }, kitCopyWords).entries[0]!.fields[0]!.value).toBe('Dokument');
  });
});
