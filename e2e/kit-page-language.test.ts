/**
 * The kit page in the trustee's language (issue 44, docs/i18n.md "The release pages"): on the built
 * app and the real server, an owner makes kits (2 of 2, as the owner's device makes them) for a
 * trustee whose language is French and one whose language is Arabic. The French trustee's kit link
 * opens a French page (`<html lang="fr">`, its heading, what the kit is, "Keep this kit" and its
 * thanks, the note that this device keeps the kit; no English sentence of the kit page's catalog);
 * the Arabic one's opens right to left (`dir="rtl"`), no wider than a 390 px phone, and axe finds
 * nothing serious. The owner's name is never translated.
 */
import { describe, expect, it } from 'vitest';
import { kitFragment, makeGeneration } from '../shared/crypto/trustee-kit';
import en from '../web/i18n/catalogs/en/kit-page.json';
import { kitsBody, LEVEL_KEYS } from '../sync-server/test/kit-test-support';
import { signUpAdaWithId } from './release-owner';
import { expectNoSeriousA11yViolations, hasChromium, mobileContext, useMailSuite } from './harness';

/** The English sentences of the kit page (their parts between placeholders, 12 characters or more). */
const englishParts = Object.values(en)
  .flatMap((words) => words.split(/\{[^}]*\}|<\/?\d+>/))
  .map((part) => part.trim())
  .filter((part) => part.length >= 12);

describe.skipIf(!hasChromium)("the kit page in the trustee's language", () => {
  const suite = useMailSuite({});

  it('a French trustee keeps a kit on a French page; an Arabic one reads it right to left and it passes axe at 390 px', async () => {
    const tag = Date.now().toString(36);
    const { call, userId } = await signUpAdaWithId(suite.server.url, tag);
    const claire = `claire.${tag}@example.com`;
    const samir = `samir.${tag}@example.com`;
    const trustees: { id: string; email: string }[] = [];
    for (const [email, language] of [[claire, 'fr'], [samir, 'ar']] as const) {
      const res = await call('POST', '/api/trustees', { name: email.split('.')[0], email, accessLevel: 'full', language });
      expect(res.status).toBe(201);
      trustees.push({ id: ((await res.json()) as { id: string }).id, email });
      const invite = await suite.smtp.waitFor(email, /./);
      expect((await fetch(`${suite.server.url}${new URL(invite.links[0]!).pathname}`, { method: 'POST' })).status).toBe(200);
    }
    const made = await makeGeneration({ account: userId, generation: 1, k: 2, trustees: trustees.map((t) => ({ trusteeId: t.id, level: 'full' as const })), levelKeys: (l) => LEVEL_KEYS[l] });
    const posted = await call('POST', '/api/kits', kitsBody(made));
    expect(posted.status, await posted.clone().text()).toBe(201);
    const tokens = ((await posted.json()) as { kits: { trusteeId: string; token: string }[] }).kits;
    const linkOf = (i: number) => `${suite.server.url}/kit/${tokens.find((t) => t.trusteeId === trustees[i]!.id)!.token}#${kitFragment(made.kits[i]!.kit)}`;

    const page = await (await mobileContext(suite.browser)).newPage();
    await page.goto(linkOf(0));
    await page.getByRole('heading', { level: 1, name: 'Votre kit de la personne de confiance, de la part de Ada' }).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['fr', 'ltr']);
    await page.getByText('Cette page a vérifié votre kit\u00a0: c’est celui que Ada a fait pour vous.').waitFor();
    await page.getByRole('button', { name: 'Garder ce kit' }).click();
    await page.getByText('Merci. Votre kit est gardé, et Ada verra que vous l’avez.').first().waitFor();
    await page.getByRole('region', { name: 'Votre kit sur cet appareil' }).waitFor();
    const words = (await page.locator('main').textContent()) ?? '';
    for (const english of ['Your trustee kit', 'Keep this kit', 'How to keep your kit', 'Print this kit', 'Your kit on this device']) expect(words, english).not.toContain(english);
    expect(englishParts.filter((part) => words.includes(part))).toEqual([]);

    const rtl = await (await mobileContext(suite.browser)).newPage();
    await rtl.goto(linkOf(1));
    await rtl.getByRole('heading', { level: 1, name: 'حزمة الشخص الموثوق الخاصة بك من Ada' }).waitFor();
    expect(await rtl.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    const arabicWords = (await rtl.locator('main').textContent()) ?? '';
    expect(arabicWords).toMatch(/[\u0600-\u06ff]/);
    expect(englishParts.filter((part) => arabicWords.includes(part))).toEqual([]);
    expect(await rtl.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(rtl, "an Arabic trustee's kit page at 390 px");
  });
});
