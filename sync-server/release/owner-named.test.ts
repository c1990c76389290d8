/**
 * Issue 38 item 8 (d): e-mails to trustees and recipients say which owner they are about (a
 * solicitor with several clients called Margaret must tell which), without "uses Afterword to
 * prepare for the end of their life", and without pronouns for the owner. The owner's last name is
 * sealed (shared/crypto/fields.ts), so the owner's device writes the name e-mails use into the
 * plain profile field `emailName` (shared/profile-email-name.ts): the full name, or the first name
 * only when the owner chose it on the Profile page. The server names the owner by it at first
 * mention and in subjects, and by the first name after; an account without it is named by the
 * first name. The real app over a real SQLite file, sending over a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailNameOf } from '../../shared/profile-email-name';
import { LIMITS } from '../../shared/schema/common';
import { acceptInvitation, ownerOn, releaseOwnAccount } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { createTestApp } from '../test/test-support';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** A pronoun standing for the owner (the e-mails' other pronouns are about other people, none here). */
const PRONOUN = /\b(they|their|them|themselves)\b/i;
const FULL = 'Margaret Eleanor Whitfield-Hughes';

/** Margaret, whose device saved her name for e-mails as `choice` would (the Profile page's save), over REST. */
async function margaret(choice: 'full' | 'first' | null) {
  const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' }), 'Margaret', 'Eleanor Whitfield-Hughes');
  if (choice) {
    const res = await o.t.call('PATCH', '/api/user/profile', { emailName: emailNameOf('Margaret', 'Eleanor Whitfield-Hughes', choice) }, o.cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { emailName: string }).emailName).toBe(choice === 'full' ? FULL : 'Margaret');
  }
  await o.addTrustee('sol', 'documents-only');
  await o.addMessage('bea', 'For Bea, with love.');
  await o.t.services.scheduler.runOnce();
  return o;
}

describe('e-mails name the owner so a trustee knows which one (issue 38 item 8)', () => {
  it('the invitation, welcome, access and delivery e-mails carry the full name the owner’s device saved, pronoun-free', async () => {
    const o = await margaret('full');
    const invite = await smtp.waitFor(o.addr('sol'), /asked you to be a trustee/);
    expect(invite.subject).toBe(`${FULL} has asked you to be a trustee`);
    expect(invite.text).toContain(`${FULL} has named you as a trustee on Afterword, where Margaret keeps`);
    expect(invite.text).not.toMatch(/uses Afterword|end of their life/);
    expect(invite.text).not.toContain(o.email); // the full name says who, not the owner's address
    expect(invite.text).not.toMatch(PRONOUN);

    await acceptInvitation(o, smtp, 'sol');
    const welcome = await smtp.waitFor(o.addr('sol'), /Thank you for being/);
    expect(welcome.subject).toBe(`Thank you for being ${FULL}'s trustee`);
    expect(welcome.text).toContain(`Thank you for agreeing to be the trustee of ${FULL}.`);
    expect(welcome.text).not.toMatch(PRONOUN);

    await releaseOwnAccount(o, smtp);
    const access = await smtp.waitFor(o.addr('sol'), /left for you/);
    expect(access.subject).toBe(`What ${FULL} left for you`);
    expect(access.text).toContain(`${FULL} named you as a trustee, and what Margaret prepared is now available to you: the documents on the list.`);
    expect(access.text).not.toMatch(PRONOUN);
    const delivery = await smtp.waitFor(o.addr('bea'), /A message from/);
    expect(delivery.subject).toBe(`A message from ${FULL}`);
    expect(delivery.text).toContain(`${FULL} wrote a message for you`);
    expect(delivery.text).not.toContain(o.email);
  }, 120_000);

  it('“First name only” names the owner by the first name; an account that never saved a name for e-mails too', async () => {
    for (const choice of ['first', null] as const) {
      const o = await margaret(choice);
      const invite = await smtp.waitFor(o.addr('sol'), /asked you to be a trustee/);
      expect(invite.subject).toBe('Margaret has asked you to be a trustee');
      expect(invite.text).toContain('Margaret has named you as a trustee on Afterword');
      expect(invite.text).not.toMatch(/Eleanor|Whitfield/);
    }
  }, 120_000);

  it('refuses a name for e-mails that is too long or spans lines, naming the field, and keeps the one saved', async () => {
    const o = await margaret('full');
    for (const emailName of ['M'.repeat(LIMITS.emailName + 1), 'Margaret\nBcc: someone@example.com']) {
      const res = await o.t.call('PATCH', '/api/user/profile', { emailName }, o.cookie);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain('emailName');
    }
    expect((await o.get<{ emailName: string }>('/api/user/profile')).emailName).toBe(FULL);
  }, 60_000);
});
