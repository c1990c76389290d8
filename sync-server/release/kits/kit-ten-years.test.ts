/**
 * Ten years with trustee kits (issue "Release through trustees' key shares", "Ten years"): the
 * app's clock, a real SMTP server on loopback, a real SQLite file, a scheduler pass every simulated
 * day. Trustees check their kits from the yearly e-mail's link; in year four a trustee is replaced
 * and the kits re-keyed (one new kit is lost: never handed over, n = k + 1); the SMTP server is
 * down over the start of the confirmations. When the owner stops checking in: the waiting period,
 * the trustees asked once each, two confirm from their e-mails, the release; every message is
 * delivered exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toB64url } from '../../../shared/crypto/bytes';
import type { ReleaseReadiness } from '../../../shared/schema/release';
import { DAY_MS } from '../state-machine';
import { acceptInvitation, ownerOn } from '../../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../../test/smtp-test-server';
import { createTestApp } from '../../test/test-support';
import { kitCall, postKits } from '../../test/kit-test-support';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp?.close());

const KIT_LINK = /^https:\/\/afterword\.example\.org\/kit\/([A-Za-z0-9_-]{22})$/;

describe('ten years with trustee kits', () => {
  it('yearly kit checks, a trustee replaced (re-key), one kit lost, an SMTP outage; k confirmations release and every message goes once', async () => {
    const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example.org' }));
    const subjects = (who: string, re: RegExp) => smtp.to(who).filter((e) => re.test(e.subject));
    expect((await o.t.call('PUT', '/api/release/settings', { checkInDays: 90, waitingDays: 7 }, o.cookie)).status).toBe(200);
    const ids: Record<string, string> = {};
    for (const who of ['ann', 'bob', 'cy']) ids[who] = (await o.addTrustee(who, 'full')).id;
    await o.addMessage('kim', 'For Kim.');
    await o.addMessage('lou', 'For Lou.');
    await o.t.services.scheduler.runOnce();
    for (const who of ['ann', 'bob', 'cy']) await acceptInvitation(o, smtp, who);
    const first = await postKits(o, ['ann', 'bob', 'cy'].map((w) => ({ id: ids[w]!, level: 'full' as const })), 2);
    for (const i of [0, 1, 2]) expect((await kitCall(o, 'POST', `/api/kit/${first.tokens[i]}/handover`, { commitment: first.made.kits[i]!.commitment })).status).toBe(204);

    let second: Awaited<ReturnType<typeof postKits>> | null = null;
    const lastCheckIn = 3600; // every 60 days until then: due on day 3690, waiting from 3697, confirmations asked on 3704
    const outage = { from: 3702, to: 3708 }; // over the start of the confirmations
    let server: TestSmtp | null = null;
    let seen = 0; // e-mails already looked at
    const checksFromMail: string[] = [];
    for (let day = 1; day <= 3712; day++) {
      o.t.advance(DAY_MS);
      if (day === outage.from) await smtp.close();
      if (day === outage.to) server = await startTestSmtp({ port: smtp.port, received: smtp.received });
      if (day <= lastCheckIn && day % 60 === 0) await o.t.services.release.checkIn(o.userId);
      if (day === 4 * 365 + 100) {
        // bob is replaced by dan; the owner re-keys for ann, cy and dan; cy's new kit is lost.
        await o.signIn();
        expect((await o.t.call('DELETE', `/api/trustees/${ids.bob}`, undefined, o.cookie)).status).toBeLessThan(300);
        ids.dan = (await o.addTrustee('dan', 'full')).id;
        await o.t.services.scheduler.runOnce();
        await acceptInvitation(o, smtp, 'dan');
        second = await postKits(o, ['ann', 'cy', 'dan'].map((w) => ({ id: ids[w]!, level: 'full' as const })), 2, 2);
        for (const i of [0, 2]) expect((await kitCall(o, 'POST', `/api/kit/${second.tokens[i]}/handover`, { commitment: second.made.kits[i]!.commitment })).status).toBe(204);
      }
      await o.t.services.scheduler.runOnce();
      // Each trustee checks their kit from the yearly e-mail's link (the page compares the fingerprint).
      for (const e of smtp.received.slice(seen)) {
        if (!/^You are still Ada's trustee$/.test(e.subject)) continue;
        for (const link of e.links) {
          const token = KIT_LINK.exec(link)?.[1];
          if (!token) continue;
          expect((await kitCall(o, 'POST', `/api/kit/${token}/check`, {})).status).toBe(204);
          checksFromMail.push(token);
        }
      }
      seen = smtp.received.length;
    }
    expect(second).not.toBeNull();
    const s = second!;
    // Yearly checks came from the e-mails: three kits for four years, then ann's and dan's new ones (cy's was lost).
    expect(new Set(checksFromMail)).toEqual(new Set([...first.tokens, s.tokens[0], s.tokens[2]]));
    await o.signIn();
    expect((await o.get<ReleaseReadiness>('/api/release/readiness')).kits).toMatchObject({ current: true, k: 2, n: 3, escrowEnded: true, checkedLastYear: 2 });
    expect((await o.t.services.release.state(o.userId)).phase).toBe('awaiting-confirmations');

    // Asked once each (the outage delayed, never doubled, the e-mails); the removed trustee is not asked.
    const retried = o.t.deps.db.prepare("SELECT DISTINCT kind FROM release_emails WHERE attempts > 1").all() as { kind: string }[];
    expect(retried.map((r) => r.kind)).toContain('trustee-confirm-death');
    const asked = (who: string) => subjects(o.addr(who), /^Please confirm only if you know Ada has died$/);
    for (const who of ['ann', 'cy', 'dan']) expect(asked(who), who).toHaveLength(1);
    expect(asked('bob')).toHaveLength(0);
    // ann and dan confirm from their e-mails' links with their kits; cy has lost theirs.
    for (const [who, i] of [['ann', 0], ['dan', 2]] as const) {
      const token = KIT_LINK.exec(asked(who)[0]!.links[0]!)![1]!;
      expect(token).toBe(s.tokens[i]);
      expect((await kitCall(o, 'POST', `/api/kit/${token}/confirm`, { share: toB64url(s.made.kits[i]!.kit.share) })).status).toBe(200);
    }
    expect((await o.t.services.release.state(o.userId)).phase).toBe('released');
    for (let day = 0; day < 3; day++) {
      o.t.advance(DAY_MS);
      await o.t.services.scheduler.runOnce();
    }
    await server?.close();
    for (const who of ['kim', 'lou']) expect(subjects(o.addr(who), /^A message from Ada$/), who).toHaveLength(1);
    for (const who of ['ann', 'cy', 'dan']) expect(subjects(o.addr(who), /^What Ada left for you$/), who).toHaveLength(1);
    expect(await o.t.services.release.store.unsentEmails(o.userId)).toEqual({ n: 0, written: 0 });
    o.t.deps.db.close();
  }, 300_000);
});
