/**
 * A recipient's page in the language the owner chose for them (issue 44, docs/i18n.md "The release
 * pages"): on the built app and the real server, after a real release (the trustee accepts and
 * reports, the test-only clock passes the waiting period), a recipient whose language is German
 * gets a German e-mail and a German page (`<html lang="de">`, its words and date German, no English
 * word of the page's catalog), and one whose language is Arabic an Arabic page laid out right to
 * left (`dir="rtl"`) that axe passes at 390 px.
 */
import { describe, expect, it } from 'vitest';
import en from '../web/i18n/catalogs/en/release-page.json';
import { signUpAda } from './release-owner';
import { releaseThroughTrustee } from './report-passing';
import { expectNoSeriousA11yViolations, hasChromium, mobileContext, useMailSuite } from './harness';

describe.skipIf(!hasChromium)("a recipient's page in their language", () => {
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' });
  /** An e-mailed link, pointed at the test server (links name localhost:PORT; PUBLIC_URL is unset). */
  const local = (link: string) => `${suite.server.url}${new URL(link).pathname}${new URL(link).hash}`;

  it('a German recipient reads a German e-mail and a German page; an Arabic one a right-to-left page that passes axe', async () => {
    const tag = Date.now().toString(36);
    const call = await signUpAda(suite.server.url, tag);
    const post = async (path: string, body: object) => expect((await call('POST', path, body)).status).toBe(201);
    const clara = `clara.${tag}@example.com`;
    const samir = `samir.${tag}@example.com`;
    const trustee = `grace.${tag}@example.com`;
    await post('/api/messages', { recipientName: 'Clara', recipientEmail: clara, recipientLanguage: 'de', messageType: 'text', messageContent: `Für Clara ${tag}`, deliveryDate: null });
    await post('/api/messages', { recipientName: 'Samir', recipientEmail: samir, recipientLanguage: 'ar', messageType: 'text', messageContent: `إلى سمير ${tag}`, deliveryDate: null });
    await post('/api/trustees', { name: 'Grace Hopper', email: trustee, accessLevel: 'full' });

    await releaseThroughTrustee(suite, trustee);

    const german = await suite.smtp.waitFor(clara, /^Eine Nachricht von Ada$/);
    expect(german.html).toContain('<html lang="de" dir="ltr">');
    const page = await (await mobileContext(suite.browser)).newPage();
    await page.goto(local(german.links[0]!));
    await page.getByRole('heading', { level: 1, name: 'Eine Nachricht von Ada' }).waitFor();
    await page.getByText(`Für Clara ${tag}`).waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.title])).toEqual(['de', 'ltr', 'Eine Nachricht von Ada · Afterword']);
    const words = (await page.locator('main').textContent()) ?? '';
    expect(words).toMatch(/Für Clara · geschrieben am \d{1,2}\. [A-Za-zä]+ \d{4}/);
    expect(words).toContain('Diese Seite ist nur für Sie.');
    for (const english of ['A message from', 'Written on', ' on ', 'private to you', 'Take all the time']) expect(words, english).not.toContain(english);
    expect(Object.values(en).filter((w) => words.includes(w))).toEqual([]);

    const arabic = await suite.smtp.waitFor(samir, /^رسالة من Ada$/);
    expect(arabic.html).toContain('<html lang="ar" dir="rtl">');
    const rtl = await (await mobileContext(suite.browser)).newPage();
    await rtl.goto(local(arabic.links[0]!));
    await rtl.getByRole('heading', { level: 1, name: 'رسالة من Ada' }).waitFor();
    expect(await rtl.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    expect(await rtl.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoSeriousA11yViolations(rtl, "an Arabic recipient's page at 390 px");
  });
});
