/**
 * "With fewer than k accepted trustees holding kits nothing sealed is released" (issue "Release
 * through trustees' key shares", constraint "The escrow ends"; SECURITY.md "The escrow until k
 * kits"). A sealed account on the real app over a real SQLite file, written by a device (Dexie over
 * fake-indexeddb, the real sync engine) that deposited its release escrow, with kits 2 of 3 of
 * which only one was handed over, is released by the escrow at the end of its waiting period: its
 * letter still goes out with its key (the escrow may deliver messages until kits exist), but no
 * trustee's page data carries a key, the pages and e-mails say plainly why, and no answer, file or
 * e-mail holds a key of the plan, documents, tasks or names. And after a release through kits, a
 * trustee who holds no kit is told so, with what they can still do.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEVEL_SCOPES } from '../../shared/crypto/fields';
import { parseKid } from '../../shared/crypto/kid';
import type { TrusteePageData } from '../../shared/release/pages';
import { depositEscrow } from '../../web/features/keys/escrow-deposit';
import { createDeviceKeyStore } from '../../web/features/keys/device-key-store';
import { NO_KITS_TEXT, NO_OWN_KIT_TEXT, openPage } from '../../web/release/open';
import { needlesOf, scanBytes, scanDirectory } from '../test/canary-scan';
import { LETTER, sealedWithKits } from '../test/message-key-test-support';
import { toB64url } from '../../shared/crypto/bytes';
import { KITS_ONLY_INVITE_LINE, NO_KITS_EMAIL_LINE, NO_OWN_KIT_EMAIL_LINE } from '../test/sealed-email-lines';
import { withoutKitsText } from '../../shared/release/without-kits';
import type { ReleaseReadiness } from '../../shared/schema/release';
import { kitCall, ownerWithTrustees, postKits } from '../test/kit-test-support';
import { createTestApp } from '../test/test-support';
import { outboxFiles, ownerOn, sealWithPlaceholderKeys } from '../test/release-test-support';
import { DAY_MS } from './state-machine';

/** This test device's pins (web/features/keys/pin.ts): the escrow deposit decides from them. */
const deviceKeys = createDeviceKeyStore(`dk-${Math.random()}`);

type World = Awaited<ReturnType<typeof sealedWithKits>>;

/** Keeps every response body of `w`'s app from now on (the request still goes to the real app). */
function recordResponses(w: World['w']) {
  const responses: Array<{ where: string; body: Buffer }> = [];
  const request = w.t.app.request.bind(w.t.app);
  w.t.app.request = (async (...args: Parameters<typeof request>) => {
    const res = await request(...args);
    responses.push({ where: `response to ${String(args[0])}`, body: Buffer.from(await res.clone().arrayBuffer()) });
    return res;
  }) as typeof request;
  return responses;
}

const phase = async (w: World['w']) => (await w.t.services.release.state(w.userId)).phase;

/** Check-ins every 30 days, a 7-day wait; then a day at a time until `until`. */
async function lapse(w: World['w'], until: string) {
  expect((await w.t.call('PUT', '/api/release/settings', { checkInDays: 30, waitingDays: 7 }, w.cookie)).status).toBe(200);
  for (let day = 0; day < 60 && (await phase(w)) !== until; day++) {
    w.t.advance(DAY_MS);
    await w.t.services.scheduler.runOnce();
  }
  expect(await phase(w)).toBe(until);
  await w.t.services.scheduler.runOnce();
}

/** The access e-mail ("What Ada left for you") to `to`, and its page data. */
async function accessOf(w: World['w'], to: string) {
  const mails = outboxFiles(w.t.deps.config.dataDir).filter((e) => e.to[0] === to && /left for you$/.test(e.subject));
  expect(mails, to).toHaveLength(1);
  const link = new URL(mails[0]!.links[0]!);
  expect(link.hash).toBe('');
  const res = await w.t.call('GET', `${link.pathname}/data`);
  expect(res.status).toBe(200);
  return { mail: mails[0]!, data: (await res.json()) as TrusteePageData };
}

let saved: typeof console.log;
beforeEach(() => {
  saved = console.log;
  console.log = () => {}; // "Email to … written to …/outbox"
});
afterEach(() => {
  console.log = saved;
});

describe('the owner is told before it happens', () => {
  it('a sealed account\'s trustee invitation says what was sealed opens only with a kit; a plain account\'s does not', async () => {
    const invitationOf = async (sealed: boolean) => {
      const o = await ownerOn(createTestApp({ PUBLIC_URL: 'http://afterword.test' }));
      await o.addTrustee('ann');
      if (sealed) await sealWithPlaceholderKeys(o); // as a device seals it, before the invitation goes out
      await o.t.services.scheduler.runOnce();
      const [invite] = outboxFiles(o.t.deps.config.dataDir).filter((e) => /asked you to be a trustee$/.test(e.subject));
      return invite!.text;
    };
    expect(await invitationOf(true)).toContain(KITS_ONLY_INVITE_LINE('Ada'));
    expect(await invitationOf(false)).not.toContain('trustee kit');
  });

  it('the readiness panel says that without k kits kept, trustees could not open the plan, documents and tasks; not once kits are in force, nor for a plain account', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob', 'cy']);
    const missing = async () => (await o.get<ReleaseReadiness>('/api/release/readiness')).missing;
    expect((await missing()).filter((l) => l.includes('will not be able to open'))).toEqual([]); // plain: its trustees' pages open as before
    await sealWithPlaceholderKeys(o);
    expect(await missing()).toContain(withoutKitsText(null));
    const { made, tokens } = await postKits(o, trustees, 2);
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[0]}/handover`, { commitment: made.kits[0]!.commitment })).status).toBe(204);
    expect(await missing()).toContain(withoutKitsText(2));
    expect((await kitCall(o, 'POST', `/api/kit/${tokens[1]}/handover`, { commitment: made.kits[1]!.commitment })).status).toBe(204);
    expect((await missing()).filter((l) => l.includes('will not be able to open'))).toEqual([]);
  });
});

describe('a sealed account with fewer than k kits handed over', () => {
  it('is released by the escrow with its letters, but no trustee page gets a key, and nothing the server holds or sent carries one', async () => {
    const world = await sealedWithKits({ handOver: false });
    const { w, addr, made, token, ring, api } = world;
    // One kit of the two needed is handed over: the kits are not in force, the escrow stands.
    const first = made.kits[0]!;
    expect((await w.t.call('POST', `/api/kit/${token(first.trusteeId)}/handover`, { commitment: first.commitment })).status).toBe(204);
    expect(await w.t.services.release.store.kitEscrowEnded(w.userId)).toBe(false);
    expect((await depositEscrow({ api, keyring: ring, device: deviceKeys, userId: w.userId })).outcome).toBe('deposited');
    const responses = recordResponses(w);

    await lapse(w, 'released');

    // The letters still go out by the escrow, each with its key in the link's fragment.
    const toAnnabella = outboxFiles(w.t.deps.config.dataDir).filter((e) => e.to[0] === addr('annabella'));
    expect(toAnnabella).toHaveLength(1);
    expect(new URL(toAnnabella[0]!.links[0]!).hash.length).toBeGreaterThan(1);

    // Every trustee is told plainly, and their page data carries no key and says why.
    for (const who of ['ann', 'bob', 'cy']) {
      const { mail, data } = await accessOf(w, addr(who));
      expect(mail.text).toContain(NO_KITS_EMAIL_LINE('Ada', true));
      expect(mail.text).not.toContain('what Ada prepared is now available to you');
      expect(data.sealed).toBeDefined();
      expect('keys' in data.sealed!).toBe(false);
      expect(data.sealed!.noKits).toBe(true);
      expect(data.documents).toBeUndefined(); // nothing sealed is sent that nothing here could open
      expect(data.sealed!.records).toBeUndefined();
      // The page says why, and shows what is plain: each letter's address and delivery facts (names are sealed).
      const page = await openPage('t', data, null);
      expect(page.cannotOpen).toBe(NO_KITS_TEXT('Ada'));
      expect(page.plan).toBeUndefined();
      expect(page.messages!.map((m) => [m.recipientName, m.recipientEmail]).sort()).toEqual([
        ['', addr('annabella')],
        ['', addr('bert')],
      ]);
    }

    // No key of a trustee level (plan, documents, tasks, names) in any answer, file or e-mail.
    const levelScopes = new Set<string>(Object.values(LEVEL_SCOPES).flat());
    const levelKids = ring.kids().filter((kid) => levelScopes.has(parseKid(kid)!.scope));
    expect(levelKids.length).toBe(4);
    const needles = needlesOf(levelKids.map((kid) => ring.raw(kid)!));
    const hits = [...scanDirectory(w.t.deps.config.dataDir, needles), ...responses.flatMap((r) => scanBytes(r.body, needles, r.where))];
    expect(hits).toEqual([]);
    // The escrow never held them: it keeps only what a release may hand out without kits, the letters' keys.
    expect((await w.t.services.escrow.status(w.userId))!.kids.every((kid) => kid.startsWith('msg:'))).toBe(true);
    // The scan does find what the escrow may hand out: the letter's key, in its recipient's e-mail.
    const letterKid = ring.kids().find((kid) => kid.startsWith('msg:m1~'))!;
    expect(scanDirectory(w.t.deps.config.dataDir, needlesOf([ring.raw(letterKid)!])).length).toBeGreaterThan(0);
    expect(JSON.stringify(responses.map((r) => r.body.toString()))).not.toContain(LETTER.server);
    expect(JSON.stringify(responses.map((r) => r.body.toString()))).not.toContain(toB64url(ring.raw(levelKids[0]!)!));
  }, 120_000);

  it('after a release through kits, a trustee who holds no kit is told so, and what they can still do', async () => {
    const world = await sealedWithKits();
    const { w, addr, made, token, db, sync } = world;
    // Dee is added and accepts after the kits were made: she holds none.
    await db.write('trustees', 'tr4', { name: 'Dee', email: addr('dee'), accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' });
    await sync();
    await w.t.services.scheduler.runOnce();
    expect(await w.t.services.release.acceptInvitation(w.userId, 'tr4')).toBe(true);

    await lapse(w, 'awaiting-confirmations');
    for (const m of made.kits.slice(0, 2)) {
      expect((await w.t.call('POST', `/api/kit/${token(m.trusteeId)}/confirm`, { share: toB64url(m.kit.share) })).status).toBe(200);
    }
    expect(await phase(w)).toBe('released');
    await w.t.services.scheduler.runOnce();

    const { mail, data } = await accessOf(w, addr('dee'));
    expect(mail.text).toContain(NO_OWN_KIT_EMAIL_LINE('Ada'));
    expect('keys' in data.sealed!).toBe(false);
    expect(data.sealed!.noOwnKit).toBe(true);
    const page = await openPage('t', data, null);
    expect(page.cannotOpen).toBe(NO_OWN_KIT_TEXT('Ada'));
    expect(page.documents).toBeUndefined();
    expect(page.messages!.map((m) => m.recipientEmail).sort()).toEqual([addr('annabella'), addr('bert')]);
    // A kit holder's e-mail still points to their kit page, where their kit opens it.
    const ann = outboxFiles(w.t.deps.config.dataDir).find((e) => e.to[0] === addr('ann') && /left for you$/.test(e.subject))!;
    expect(ann.links).toEqual([`http://afterword.test/kit/${token('tr1')}`]);
    expect(ann.text).not.toContain(NO_OWN_KIT_EMAIL_LINE('Ada'));
  }, 120_000);
});

describe('a sealed account released with no trustee kits made at all (issue 38 item 8)', () => {
  it("its trustees' e-mail gives the real reason: no kits were made, not that too few trustees held them", async () => {
    const { o } = await ownerWithTrustees(['ann', 'bob']);
    await sealWithPlaceholderKeys(o);
    await lapse(o as unknown as World['w'], 'released');
    for (const who of ['ann', 'bob']) {
      const mails = outboxFiles(o.t.deps.config.dataDir).filter((e) => e.to[0] === o.addr(who) && /left for you$/.test(e.subject));
      expect(mails).toHaveLength(1);
      const text = mails[0]!.text;
      expect(text).toContain(NO_KITS_EMAIL_LINE('Ada', false));
      expect(text).toMatch(/no trustee kits were made/);
      expect(text).not.toMatch(/fewer trustees held kits than were needed/);
      // The page the e-mail links to gives the same reason.
      const res = await o.t.call('GET', `${new URL(mails[0]!.links[0]!).pathname}/data`);
      const data = (await res.json()) as TrusteePageData;
      expect(data.sealed).toMatchObject({ noKits: true, noKitsMade: true });
      const page = await openPage('t', data, null);
      expect(page.cannotOpen).toBe(NO_KITS_TEXT('Ada', false));
      expect(page.cannotOpen).toMatch(/no trustee kits were made/);
    }
  }, 120_000);
});
