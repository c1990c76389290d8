/**
 * Issue 38 item 8: e-mails to trustees and recipients say which owner they are about (a solicitor
 * with several clients called Margaret must tell which), without "uses Afterword to prepare for
 * the end of their life", and without pronouns for the owner. The owner's last name is sealed
 * (shared/crypto/fields.ts), so the e-mails name the owner by the plain first name and, at first
 * mention, the account's e-mail address. The real app over a real SQLite file, sending over a
 * real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation, ownerWithSmtp, releaseOwnAccount } from './release-test-support';
import { startTestSmtp, type TestSmtp } from './smtp-test-server';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** A pronoun standing for the owner (the e-mails' other pronouns are about other people, none here). */
const PRONOUN = /\b(they|their|them|themselves)\b/i;

describe('e-mails name the owner so a trustee knows which one (issue 38 item 8)', () => {
  it('the invitation, welcome, access and delivery e-mails name the owner with their address, pronoun-free', async () => {
    const o = await ownerWithSmtp(smtp);
    const named = `Ada (${o.email})`;
    await o.addTrustee('sol', 'documents-only');
    await o.addMessage('bea', 'For Bea, with love.');
    await o.t.services.scheduler.runOnce();

    const invite = await smtp.waitFor(o.addr('sol'), /asked you to be a trustee/);
    expect(invite.subject).toBe('Ada has asked you to be a trustee');
    expect(invite.text).toContain(`${named} has named you as a trustee on Afterword`);
    expect(invite.text).not.toMatch(/uses Afterword|end of their life/);
    expect(invite.text).not.toMatch(PRONOUN);

    await acceptInvitation(o, smtp, 'sol');
    const welcome = await smtp.waitFor(o.addr('sol'), /Thank you for being/);
    expect(welcome.text).toContain(`Thank you for agreeing to be the trustee of ${named}.`);
    expect(welcome.text).not.toMatch(PRONOUN);

    await releaseOwnAccount(o, smtp);
    const access = await smtp.waitFor(o.addr('sol'), /What Ada left for you/);
    expect(access.text).toContain(`${named} named you as a trustee, and what Ada prepared is now available to you: the documents on the list.`);
    expect(access.text).not.toMatch(PRONOUN);
    const delivery = await smtp.waitFor(o.addr('bea'), /A message from Ada/);
    expect(delivery.text).toContain(`${named} wrote a message for you`);
  }, 120_000);
});
