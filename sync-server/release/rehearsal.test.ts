/**
 * "Rehearse the release" (Settings; rehearsal.ts): the owner sees every recipient's and every
 * trustee's e-mail as the release would send it, and nothing is written: no e-mail queued, no
 * token minted, no activity, no state change. Then a real release sends exactly those e-mails,
 * with a working link where the rehearsal showed the placeholder. Real app over a real SQLite
 * file, a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseRehearsal } from '../../shared/schema/release';
import { kitCall, ownerWithTrustees, postKits } from '../test/kit-test-support';
import { PREVIEW_LINK } from './emails';
import { NO_KITS_EMAIL_LINE, NO_OWN_KIT_EMAIL_LINE } from '../test/sealed-email-lines';
import { type Owner, ownerOn, ownerWithSmtp, releaseOwnAccount, sealWithPlaceholderKeys } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

/** Every row of every release table and of the records, as one comparable value. */
function snapshot(o: Owner): Record<string, unknown[]> {
  const tables = (o.t.deps.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND (name LIKE 'release_%' OR name IN ('records', 'text_history', 'owner_email'))").all() as { name: string }[]).map((r) => r.name);
  expect(tables).toEqual(expect.arrayContaining(['release_emails', 'release_tokens', 'release_activity', 'release_state', 'records']));
  return Object.fromEntries(tables.map((name) => [name, o.t.deps.db.prepare(`SELECT * FROM ${name}`).all()]));
}

describe('GET /api/release/rehearsal', () => {
  it("shows every recipient's and trustee's e-mail with placeholder links, and writes nothing", async () => {
    const o = await ownerWithSmtp(smtp);
    const full = await o.addTrustee('fiona', 'full');
    const msgs = await o.addTrustee('milo', 'messages-only');
    const letter = await o.addMessage('bea', 'For Bea, with love.');
    const dated = await o.addMessage('carl', 'For Carl, on his birthday.', '2099-06-01T00:00:00.000Z');
    await o.t.services.scheduler.runOnce(); // the invitations go out: the outbox and tokens are not empty
    const sentBefore = smtp.received.length;
    const before = snapshot(o);
    expect((before.release_emails as unknown[]).length).toBeGreaterThan(0);

    const r = await o.get<ReleaseRehearsal>('/api/release/rehearsal');
    await o.t.services.scheduler.runOnce();

    expect(r.ownerName).toBe('Ada');
    expect(r.previewLink).toBe(PREVIEW_LINK);
    expect(r.recipients.map((x) => [x.messageId, x.to, x.email?.subject])).toEqual(
      expect.arrayContaining([
        [letter.id, o.addr('bea'), 'A message from Ada'],
        [dated.id, o.addr('carl'), 'A message from Ada'],
      ]),
    );
    expect(r.recipients).toHaveLength(2);
    expect(r.recipients.find((x) => x.messageId === dated.id)!.when).toMatch(/^It will be sent on June 1, 2099 if your plan has been released by then/);
    expect(r.recipients.find((x) => x.messageId === letter.id)!.when).toBe('It will be sent when your plan is released.');
    expect(r.trustees.map((x) => [x.trusteeId, x.to, x.accessLevel, x.email?.subject])).toEqual(
      expect.arrayContaining([
        [full.id, o.addr('fiona'), 'full', 'What Ada left for you'],
        [msgs.id, o.addr('milo'), 'messages-only', 'What Ada left for you'],
      ]),
    );
    expect(r.trustees.find((x) => x.trusteeId === msgs.id)!.email!.text).toContain('the list of messages and whether each has been delivered');
    for (const e of [...r.recipients, ...r.trustees].map((x) => x.email!)) {
      expect(e.text).toContain(PREVIEW_LINK);
      expect(e.text).not.toMatch(/https?:\/\//); // no link of any kind, working or not
      expect(e.text).toMatch(/^Hello,/); // names are sealed: the real e-mails greet the same way
    }
    // Nothing written: every release table and every record is as it was; no e-mail was sent.
    expect(snapshot(o)).toEqual(before);
    expect(smtp.received.length).toBe(sentBefore);
    expect(smtp.to(o.addr('bea'))).toEqual([]);

    // The release then sends these very e-mails, the placeholder replaced by a working link.
    await releaseOwnAccount(o, smtp);
    const real = await smtp.waitFor(o.addr('bea'), /A message from Ada/);
    const shown = r.recipients.find((x) => x.messageId === letter.id)!.email!;
    expect(real.text.trim()).toBe(shown.text.replace(PREVIEW_LINK, real.links[0]!).trim());
    const access = await smtp.waitFor(o.addr('fiona'), /What Ada left for you/);
    const shownAccess = r.trustees.find((x) => x.trusteeId === full.id)!.email!;
    expect(access.text.trim()).toBe(shownAccess.text.replace(PREVIEW_LINK, access.links[0]!).trim());
  });

  it("shows each e-mail in the language it will be sent in: the trustee's or recipient's own, else the account's", async () => {
    const o = await ownerWithSmtp(smtp);
    expect((await o.t.call('PUT', '/api/user/language', { language: 'es' }, o.cookie)).status).toBe(200);
    const french = await o.post('/api/trustees', { name: 'Fanny', email: o.addr('fanny'), accessLevel: 'full', language: 'fr' });
    const owners = await o.addTrustee('olga');
    const letter = await o.addMessage('bea', 'Para Bea.');

    const r = await o.get<ReleaseRehearsal>('/api/release/rehearsal');

    expect(r.trustees.find((x) => x.trusteeId === french.id)!.email!.subject).toBe('Ce que Ada vous a laissé');
    expect(r.trustees.find((x) => x.trusteeId === owners.id)!.email!.subject).toBe('Lo que Ada dejó para ti');
    expect(r.recipients.find((x) => x.messageId === letter.id)!.email!.subject).toBe('Un mensaje de Ada');
  });

  it('a sealed account: says that without k kits no trustee page opens, and after the kits, who holds none', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob', 'cy']);
    await sealWithPlaceholderKeys(o);
    const rehearse = () => o.get<ReleaseRehearsal>('/api/release/rehearsal');

    // No kits: every trustee is told their page cannot open what was sealed, and why.
    const none = await rehearse();
    expect(none.trustees.map((t) => t.cannotOpen)).toEqual(['no-kits', 'no-kits', 'no-kits']);
    for (const t of none.trustees) expect(t.email!.text).toContain(NO_KITS_EMAIL_LINE('Ada', false));
    expect(none.trustees.map((t) => t.noKitsMade)).toEqual([true, true, true]); // issue 38 item 8: the reason is that none were made

    // Kits 2 of 2 for ann and bob, one handed over: not in force yet, the same.
    const { made, tokens } = await postKits(o, trustees.slice(0, 2), 2);
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[0]}/handover`, { commitment: made.kits[0]!.commitment })).status).toBe(204);
    const fewer = await rehearse();
    expect(fewer.trustees.map((t) => t.cannotOpen)).toEqual(['no-kits', 'no-kits', 'no-kits']);
    expect(fewer.trustees.map((t) => t.noKitsMade)).toEqual([undefined, undefined, undefined]);
    for (const t of fewer.trustees) expect(t.email!.text).toContain(NO_KITS_EMAIL_LINE('Ada', true));

    // Both handed over: ann and bob reach theirs by their kit page (a placeholder here); cy holds none and is told so.
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[1]}/handover`, { commitment: made.kits[1]!.commitment })).status).toBe(204);
    const kits = await rehearse();
    const of = (who: string) => kits.trustees.find((t) => t.to === o.addr(who))!;
    expect([of('ann').cannotOpen, of('bob').cannotOpen, of('cy').cannotOpen]).toEqual([null, null, 'no-own-kit']);
    expect(of('ann').email!.text).toContain(`with the trustee kit Ada gave you (the saved link, or the code on the printed kit):\n${PREVIEW_LINK}`);
    expect(of('cy').email!.text).toContain(NO_OWN_KIT_EMAIL_LINE('Ada'));
    for (const t of kits.trustees) expect(t.email!.text).not.toMatch(/https?:\/\//);
  });

  it('is only for the signed-in owner, and only their own', async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addMessage('dora', 'For Dora.');
    expect((await o.t.call('GET', '/api/release/rehearsal')).status).toBe(401);
    const other = await ownerOn(o.t, 'Grace', 'Hopper');
    const r = await other.get<ReleaseRehearsal>('/api/release/rehearsal');
    expect(r).toMatchObject({ ownerName: 'Grace', recipients: [], trustees: [] });
  });
});
