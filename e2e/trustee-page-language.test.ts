/**
 * A trustee's page in the language the owner chose for them (issue 44, docs/i18n.md "The release
 * pages"): on the built app and the real server, after a real release (an English trustee accepts
 * and reports, the test-only clock passes the waiting period), a trustee whose language is French
 * reads their page (`/r/t/…`) in French (`<html lang="fr">`, its headings, sections, document type,
 * message lines, buttons and the lazily loaded tasks section; no English sentence of the page's
 * catalog), and one whose language is Arabic gets it right to left (`dir="rtl"`), no wider than a
 * 390 px phone, and axe finds nothing serious. The owner's own words (a document's name) are never
 * translated.
 */
import { describe, expect, it } from 'vitest';
import en from '../web/i18n/catalogs/en/release-page.json';
import { signUpAda } from './release-owner';
import { releaseThroughTrustee } from './report-passing';
import { expectNoSeriousA11yViolations, hasChromium, mobileContext, useMailSuite } from './harness';

/** The English sentences of the trustee's page (their parts between placeholders, 12 characters or more). */
const englishParts = Object.entries(en)
  .filter(([id]) => id.startsWith('releasePage.trustee.') || id.startsWith('releasePage.state.'))
  .flatMap(([, words]) => words.split(/\{[^}]*\}|<\/?\d+>/))
  .map((part) => part.trim())
  .filter((part) => part.length >= 12);

describe.skipIf(!hasChromium)("a trustee's page in their language", () => {
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' });
  const local = (link: string) => `${suite.server.url}${new URL(link).pathname}`;

  it('a French trustee reads a French page; an Arabic one a right-to-left page that passes axe at 390 px', async () => {
    const tag = Date.now().toString(36);
    const call = await signUpAda(suite.server.url, tag);
    const post = async (path: string, body: object) => expect((await call('POST', path, body)).status).toBe(201);
    const grace = `grace.${tag}@example.com`;
    const claire = `claire.${tag}@example.com`;
    const samir = `samir.${tag}@example.com`;
    const clara = `clara.${tag}@example.com`;
    await post('/api/messages', { recipientName: 'Clara', recipientEmail: clara, messageType: 'text', messageContent: `For Clara ${tag}`, deliveryDate: null });
    await post('/api/documents', { documentType: 'will', documentName: `Last will ${tag}`, documentUrl: 'https://vault.example.com/will' });
    await post('/api/trustees', { name: 'Grace Hopper', email: grace, accessLevel: 'full' });
    await post('/api/trustees', { name: 'Claire Dubois', email: claire, accessLevel: 'full', language: 'fr' });
    await post('/api/trustees', { name: 'Samir Haddad', email: samir, accessLevel: 'full', language: 'ar' });

    await releaseThroughTrustee(suite, grace);
    await suite.smtp.waitFor(clara, /A message from Ada$/);

    const french = await suite.smtp.waitFor(claire, /^Ce que Ada vous a laissé$/);
    const page = await (await mobileContext(suite.browser)).newPage();
    await page.goto(local(french.links[0]!));
    await page.getByRole('heading', { level: 1, name: 'Ce que Ada vous a laissé' }).waitFor();
    await page.getByRole('region', { name: 'Tâches pour la famille' }).getByText('Il n’y a aucune tâche.').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['fr', 'ltr']);
    const words = (await page.locator('main').textContent()) ?? '';
    expect(words).toContain('Nous sommes de tout cœur avec vous dans cette perte.');
    // French puts a no-break space before a colon (docs/i18n.md); the owner's own words stay as written.
    expect(words).toContain(`Testament\u00a0: Last will ${tag}`);
    expect(words).toMatch(/Pour Clara \(clara\.[a-z0-9]+@example\.com\)\u00a0: envoyé le \d{1,2} [a-zéû]+ \d{4}/);
    await page.getByRole('button', { name: 'Renvoyer le lien à Clara' }).waitFor();
    await page.getByRole('button', { name: 'Télécharger le classeur familial (PDF)' }).waitFor();
    for (const english of ['What Ada left for you', 'sorry for your loss', 'Tasks for the family', 'Resend link', 'sent on', 'Download the family binder', 'Will & Testament', 'No plan was written']) expect(words, english).not.toContain(english);
    expect(englishParts.filter((part) => words.includes(part))).toEqual([]);

    const arabic = await suite.smtp.waitFor(samir, /^ما تركه لك Ada$/);
    const rtl = await (await mobileContext(suite.browser)).newPage();
    await rtl.goto(local(arabic.links[0]!));
    await rtl.getByRole('heading', { level: 1, name: 'ما تركه لك Ada' }).waitFor();
    await rtl.getByRole('region', { name: 'مهام للعائلة' }).getByText('لا توجد مهام.').waitFor();
    expect(await rtl.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    const arabicWords = (await rtl.locator('main').textContent()) ?? '';
    expect(arabicWords).toMatch(/[\u0600-\u06ff]/);
    expect(englishParts.filter((part) => arabicWords.includes(part))).toEqual([]);
    expect(await rtl.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(rtl, "an Arabic trustee's page at 390 px");
  });
});
