/**
 * The owner's e-mails in the account's language (issue 44; release/emails-owner.ts, mail-i18n.ts):
 * the real app over a real SQLite file and the real SMTP test server on loopback. An owner who
 * chose Arabic gets an Arabic password-reset e-mail whose HTML part is `<html lang="ar" dir="rtl">`;
 * an English owner's stays word for word; each owner e-mail renders in each language with no id
 * or placeholder left, dates in that language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages';
import { formatDateTime } from '../../shared/intl-format';
import { linkOf, ownerOn } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { createTestApp } from '../test/test-support';
import { type EmailParams, renderEmail } from './emails';
import { OWNER_KINDS } from './emails-owner';
import { mailWords } from './mail-i18n';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** An owner whose account speaks `language`, who then asks for a password reset; resolves with the e-mail. */
async function resetMailIn(language: string) {
  const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example' }));
  expect((await o.t.call('PUT', '/api/user/language', { language }, o.cookie)).status).toBe(200);
  expect((await o.t.call('POST', '/api/auth/forgot-password', { email: o.email })).status).toBe(200);
  await o.t.services.resetMail.settled();
  await o.t.services.scheduler.runOnce();
  await expect.poll(() => smtp.to(o.email).length).toBe(1);
  return smtp.to(o.email)[0]!;
}

describe("the owner's e-mails in the account's language", () => {
  it('an owner who chose Arabic gets the password-reset e-mail in Arabic, its HTML part right to left, its link working the same', async () => {
    const mail = await resetMailIn('ar');
    expect(mail.subject).toBe('أعد تعيين كلمة المرور لحسابك على Afterword');
    expect(mail.text).toMatch(/^مرحبًا Ada،\n\nطلب أحدهم، ونرجو أن تكون أنت، إعادة تعيين كلمة المرور/);
    expect(mail.text).toContain('يعمل لمدة 30 دقيقة');
    expect(mail.text).not.toMatch(/Someone|If that was you|undefined/);
    expect(linkOf(mail)).toMatch(/^https:\/\/afterword\.example\/reset-password#[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.html).toContain(`<a href="${linkOf(mail)}">`);
  });

  it("an English owner's reset e-mail is word for word as before, its HTML part left to right", async () => {
    const mail = await resetMailIn('en');
    expect(mail.subject).toBe('Reset your Afterword password');
    const link = linkOf(mail);
    expect(mail.text).toBe(`Dear Ada,

Someone, we hope you, asked to reset the password of your Afterword account.

If that was you, choose a new password with this link (it works for 30 minutes and only once):
${link}

Your words open again with your recovery code or on a device where you are still signed in.

If it wasn't you, ignore this e-mail: your password stays as it is.

With care,
Afterword
`);
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
  });

  it('every owner e-mail renders in every language: no id, placeholder or "undefined" left, the date in that language', () => {
    const endsAt = Date.UTC(2026, 10, 21, 15, 4);
    const params: EmailParams = { ownerName: 'Ada', base: 'https://afterword.example', recipientName: 'Ada', waitingDays: 30, endsAt, reminder: 2, requestId: 'r1' };
    for (const lang of LANGUAGES) {
      for (const kind of OWNER_KINDS) {
        for (const startedBy of [undefined, 'Bob']) {
          const { subject, text } = renderEmail(kind, { ...params, startedBy, lang }, 'https://afterword.example/x');
          const where = `${lang} ${kind} ${startedBy ?? ''}`;
          expect(`${subject}\n${text}`, where).not.toMatch(/mail\.|[{}]|undefined/);
          expect(text.endsWith(`${mailWords(lang).t('mail.signOff')}`), where).toBe(true);
          if (lang !== 'en') expect(text, where).not.toContain('With care');
          if (kind === 'owner-waiting-started' || kind === 'owner-emergency-requested') expect(text, where).toContain(formatDateTime(endsAt, lang, { timeZone: 'UTC' }));
        }
      }
    }
    expect(renderEmail('owner-waiting-started', { ...params, lang: 'de' }).text).toContain('Eine Wartezeit von 30 Tagen hat begonnen. Sie endet am 21. November 2026');
    expect(renderEmail('owner-waiting-started', { ...params, waitingDays: 1, lang: 'es' }).text).toContain('periodo de espera de 1 día');
    const sharing = { items: 3, links: 1, trustees: 1, emergencyItems: 2 };
    expect(renderEmail('owner-sharing-yearly', { ...params, sharing, lang: 'de' }).text).toContain(
      '- 3 Einträge werden jetzt geteilt, über 1 privaten Link.',
    );
    expect(renderEmail('owner-sharing-yearly', { ...params, sharing, lang: 'de' }).text).toContain('zu 2 Einträgen anfragen. Fragt sie an, sagen wir es Ihnen sofort');
    expect(renderEmail('owner-sharing-yearly', { ...params, sharing: { ...sharing, items: 2 }, lang: 'ar' }).text).toContain('- يُشارَك الآن شيئان، عبر رابط خاص واحد.');
  });

  it('two e-mails in two languages written at once keep their own words (one Lingui instance each)', () => {
    const ar = mailWords('ar');
    const de = mailWords('de');
    expect([ar.t('mail.hello'), de.t('mail.hello'), ar.t('mail.hello')]).toEqual(['مرحبًا،', 'Guten Tag,', 'مرحبًا،']);
    expect([ar.dir, de.dir]).toEqual(['rtl', 'ltr']);
    expect(mailWords('pt').lang).toBe('en'); // not a language Afterword speaks: English
    expect(() => ar.t('mail.noSuchWords')).toThrow(/mail\.noSuchWords/);
  });
});
