/**
 * A trustee's later e-mails and a recipient's resent link in the reader's language (issue 44): the
 * owner's choice for that trustee or recipient, else the account's. The real app over a real SQLite
 * file, a real release (the owner's own trustee reports, the waiting period ends; or the check-ins
 * lapse into the trustees' confirmations with their kits) and the real SMTP test server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrusteePageData } from '../../shared/release/pages';
import { postKits, ownerWithTrustees } from '../test/kit-test-support';
import { acceptInvitation, lapseUntilTrusteesAsked, linkOf, ownerWithSmtp, REPORTED, runFor } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { createTestApp } from '../test/test-support';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describe("a trustee's later e-mails in the trustee's language", () => {
  it("a release sends the trustee's access e-mail in German, the German recipient's letter and page in German, and a link the trustee resends stays German", async () => {
    const o = await ownerWithSmtp(smtp);
    expect((await o.t.call('PUT', '/api/user/language', { language: 'es' }, o.cookie)).status).toBe(200);
    await o.post('/api/messages', { recipientName: 'clara', recipientEmail: o.addr('clara'), recipientLanguage: 'de', messageType: 'text', messageContent: 'Für dich', deliveryDate: null });
    await o.post('/api/trustees', { name: 'Self', email: o.addr('self'), accessLevel: 'full', language: 'de' });
    await o.t.services.scheduler.runOnce();
    const invite = await smtp.waitFor(o.addr('self'), /Vertrauensperson/);
    expect((await o.open(linkOf(invite), 'POST')).status).toBe(200);
    await o.t.services.scheduler.runOnce();
    const report = linkOf(await smtp.waitFor(o.addr('self'), /^Danke/));
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    for (let day = 0; day < 31 && (await o.t.services.release.state(o.userId)).phase !== 'released'; day++) await runFor(o, 1, DAY_MS);

    const access = await smtp.waitFor(o.addr('self'), /hinterlassen/);
    expect(access.subject).toBe('Was Ada Ihnen hinterlassen hat');
    expect(access.text).toMatch(/^Guten Tag,\n\nWir sind sehr traurig über Ihren Verlust\./);
    expect(access.text).not.toMatch(/named you|Take whatever time/);
    expect(access.html).toContain('<html lang="de" dir="ltr">');
    // Her page is German too: its data names her language (web/release/words.ts shows it in it).
    const letter = await smtp.waitFor(o.addr('clara'), /Nachricht von/);
    expect(((await (await o.open(`${new URL(linkOf(letter)).pathname}/data`)).json()) as { lang: string }).lang).toBe('de');

    // The trustee resends clara's link from the page: it goes out in clara's language, not the account's.
    const page = linkOf(access);
    const data = (await (await o.open(`${page}/data`)).json()) as TrusteePageData;
    // Her own page names her language too (web/release/main.ts shows it in it).
    expect(data.lang).toBe('de');
    const clara = data.messages!.find((m) => m.canResend)!;
    expect((await o.open(`${page}/resend/${clara.id}`, 'POST')).status).toBe(200);
    await o.t.services.scheduler.runOnce();
    await expect.poll(() => smtp.to(o.addr('clara')).length).toBe(2);
    const resent = smtp.to(o.addr('clara'))[1]!;
    expect(resent.subject).toBe('Eine Nachricht von Ada');
    expect(resent.html).toContain('<html lang="de" dir="ltr">');

    // "Same as yours" (no language chosen for her): the account's, and the account's as it is now
    // (the page's JSON is kept between record writes, trustee-pages.ts; the account's language is no record).
    const langOfPage = async () => ((await (await o.open(`${page}/data`)).json()) as TrusteePageData).lang;
    const self = (await o.get<{ id: string; email: string }[]>('/api/trustees')).find((x) => x.email === o.addr('self'))!;
    expect((await o.t.call('PATCH', `/api/trustees/${self.id}`, { language: null }, o.cookie)).status).toBe(200);
    expect(await langOfPage()).toBe('es');
    expect((await o.t.call('PUT', '/api/user/language', { language: 'ar' }, o.cookie)).status).toBe(200);
    expect(await langOfPage()).toBe('ar');
  });

  it("the trustees asked to confirm with their kits are asked in each trustee's language: French, Arabic right to left, else the account's", async () => {
    const t = createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' });
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob', 'cy'], ['full', 'documents-only', 'messages-only'], t);
    expect((await o.t.call('PUT', '/api/user/language', { language: 'de' }, o.cookie)).status).toBe(200);
    for (const [i, lang] of ['fr', 'ar'].entries()) expect((await o.t.call('PATCH', `/api/trustees/${trustees[i]!.id}`, { language: lang }, o.cookie)).status).toBe(200);
    const { made, tokens } = await postKits(o, trustees, 2);
    for (const [i, token] of tokens.entries()) expect((await o.t.call('POST', `/api/kit/${token}/handover`, { commitment: made.kits[i]!.commitment })).status).toBe(204);
    await lapseUntilTrusteesAsked(o);

    const ann = await smtp.waitFor(o.addr('ann'), /^Ne confirmez/);
    expect(ann.subject).toBe('Ne confirmez le décès de Ada que si vous en avez la certitude');
    expect(ann.html).toContain('<html lang="fr" dir="ltr">');
    expect(linkOf(ann)).toBe(`http://afterword.test/kit/${tokens[0]}`);
    const bob = await smtp.waitFor(o.addr('bob'), /^يُرجى التأكيد/);
    expect(bob.html).toContain('<html lang="ar" dir="rtl">');
    expect(bob.text).toMatch(/[\u0600-\u06ff]/);
    expect(bob.text).not.toMatch(/Please confirm|Confirm only|With care/);
    const cy = await smtp.waitFor(o.addr('cy'), /^Bitte bestätigen Sie nur/);
    expect(cy.html).toContain('<html lang="de" dir="ltr">');
  });
});
