/**
 * The pages a trustee's and the owner's e-mailed links open on the server (public-routes.ts,
 * report-form.ts; issue 44) in the reader's language: the trustee's as the owner chose it, else the
 * account's; the owner's "I'm still here" page in the account's. The real app over a real SQLite
 * file and the real SMTP test server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkOf, ownerWithSmtp, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describe('the pages the e-mailed links open, in the reader\'s language', () => {
  it("a French trustee's invitation, report and thanks are French, the date too; the Arabic owner's \"I'm still here\" page is Arabic, right to left", async () => {
    const o = await ownerWithSmtp(smtp);
    expect((await o.t.call('PUT', '/api/user/language', { language: 'ar' }, o.cookie)).status).toBe(200);
    await o.post('/api/trustees', { name: 'Claire', email: o.addr('claire'), accessLevel: 'full', language: 'fr' });
    await o.t.services.scheduler.runOnce();

    const invite = linkOf(await smtp.waitFor(o.addr('claire'), /personne de confiance/));
    const invitePage = await (await o.open(invite)).text();
    expect(invitePage).toContain('<html lang="fr" dir="ltr">');
    expect(invitePage).toContain("<h1>Ada vous a demandé d'être sa personne de confiance</h1>");
    expect(invitePage).toContain('<button type="submit">Accepter</button>');
    expect(invitePage).not.toMatch(/Hello,|Accept<|trustee/);
    const accepted = await (await o.open(invite, 'POST')).text();
    expect(accepted).toContain('Vous êtes maintenant la personne de confiance de Ada.');
    await o.t.services.scheduler.runOnce();

    const report = linkOf(await smtp.waitFor(o.addr('claire'), /^Merci/));
    const intro = await (await o.open(report)).text();
    expect(intro).toContain(`<a href="${new URL(report).pathname}?step=confirm">Signaler le décès de Ada</a>`);
    expect(intro).toMatch(/Nous attendrons alors \d+ jours et demanderons à Ada/);
    const refused = await o.open(report, 'POST', {});
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Veuillez cocher la case pour confirmer.');
    const thanks = await (await o.open(report, 'POST', REPORTED)).text();
    expect(thanks).toContain('<h1>Merci de nous avoir prévenus</h1>');
    expect(thanks).toMatch(/il se termine le <time datetime="[^"]+" data-local data-locale="fr">\d{1,2} [a-zéû]+ \d{4} à \d{2}:\d{2} UTC<\/time>\./);
    expect(thanks).not.toMatch(/Thank you|waiting period/);

    await o.t.services.scheduler.runOnce();
    const started = await smtp.waitFor(o.email, /./);
    const stillHere = started.links.find((l) => l.includes('/api/still-here/'))!;
    const ownerPage = await (await o.open(stillHere)).text();
    expect(ownerPage).toContain('<html lang="ar" dir="rtl">');
    expect(ownerPage).toContain('<h1>هل ما زلت هنا؟</h1>');
    expect(ownerPage).toContain('<button type="submit">ما زلت هنا</button>');
    expect(await (await o.open(stillHere, 'POST')).text()).toContain('أُلغيت فترة الانتظار. لم يُشارَك شيء.');
  });
});
