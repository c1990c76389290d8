/**
 * Ten years with trustee kits, end to end (issue "Release through trustees' key shares", "Ten
 * years"; SECURITY.md "Trustee kits: who can read what"): a sealed account whose device (Dexie over
 * fake-indexeddb, the real sync engine) writes its plan, a document, three letters and three
 * trustees; the real Hono app over a real SQLite file; the app's clock; a real SMTP server on
 * loopback; a scheduler pass every simulated day. The device makes kits 2 of 3 (make-kits.ts) and
 * each trustee keeps theirs from the link the owner sent; every year each trustee checks their kit
 * from the yearly e-mail's link (the fingerprint only). In year four a trustee is removed and
 * replaced, the device re-keys (the old kits work until two new ones are handed over, then stop;
 * one new kit is lost: n = k + 1) and re-binds its letters. The SMTP server is down three times:
 * a week over a yearly e-mail, three weeks over the start of the confirmations and three weeks
 * over a dated letter's day (release e-mails are retried for 90 days, outbox.ts). In year ten
 * the owner stops checking in: reminders, the waiting period, awaiting confirmations; the removed
 * trustee's share and an old kit are refused; two confirm; the release. Every letter reaches its
 * recipient exactly once (the hand-delivered one through its trustee's page), and each trustee's
 * access opens their own level with their own kit secret only.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromB64url } from '../../shared/crypto/bytes';
import { openTrusteeBlob, parseKitInput, kitMatchesCommitment, trusteeAccessKey, type Kit } from '../../shared/crypto/trustee-kit';
import { openHandovers, type HandoverJson } from '../../shared/release/handover-links';
import type { DeliveryPageData } from '../../shared/release/pages';
import type { ReleaseReadiness } from '../../shared/schema/release';
import type { AccessLevel } from '../../shared/schema/trustee';
import { loadDeliveryState, saveDeliveryChoice, syncDeliveryChoices, type DeliveryChoiceDeps } from '../../web/features/message-vault/delivery-choice';
import { sealedChoicesOf } from '../../web/features/message-vault/sealed-choice';
import { getKits } from '../../web/features/trustees/kits/kits-api';
import { levelKeys, makeKits, openHandouts } from '../../web/features/trustees/kits/make-kits';
import { openPage } from '../../web/release/open';
import { createSyncEngine } from '../../web/sync/engine';
import { createSealedWorld } from '../../web/sync/test-sealed';
import type { Api } from '../../web/features/keys/sign-in';
import { readSyncResponse, type Transport } from '../../web/sync/transport';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp?.close());

const ORIGIN = 'https://afterword.example.org';
const KIT_LINK = /^https:\/\/afterword\.example\.org\/kit\/([A-Za-z0-9_-]{22})$/;
const AT = '2026-11-21T12:00:00.000Z';
const LETTER = { kim: 'Kim, the server brings you this.', lou: 'Lou, Ann brings you this by hand.', max: 'Max, for the day I chose.' };

/** What one trustee holds: their kit (from the owner's link) and the fingerprint printed on it. */
interface Held {
  trusteeId: string;
  level: AccessLevel;
  token: string;
  kit: Kit;
  fingerprint: string;
}

describe('ten years with trustee kits, from the owner\'s device to the recipients', () => {
  it('yearly kit checks, a trustee replaced and the kits re-keyed, one kit lost, SMTP outages of weeks; k confirm, every letter once, each level with its own t', async () => {
    const w = await createSealedWorld({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN });
    const start = w.t.deps.now();
    const tag = Math.random().toString(36).slice(2, 8);
    const addr = (who: string) => `${who}-${tag}@example.com`;
    const ownerEmail = (await w.t.services.release.owner(w.userId)).email!;
    await w.t.services.release.store.setVerifiedOwnerEmail(w.userId, ownerEmail, start); // as ownerOn: the owner followed the link
    const mails = (who: string, re: RegExp) => smtp.to(who).filter((e) => re.test(e.subject));
    const day = () => Math.round((w.t.deps.now() - start) / DAY_MS);

    // The owner's device: plan, a document, three letters (max's dated), three trustees.
    const db = await w.device();
    const keys = await w.keysFor();
    // The owner's device keeps its session as a browser does: a sliding session whose cookie is
    // issued again as it slides (accounts/session.ts), so it stays signed in while it is used.
    const jar = new Map([w.cookie.split(/=(.*)/s).slice(0, 2) as [string, string]]);
    const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await w.t.call(method, path, body, cookie());
      for (const set of res.headers.getSetCookie()) {
        const [pair, ...attrs] = set.split(';');
        const [k, v] = pair!.split(/=(.*)/s) as [string, string];
        if (attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || v === '') jar.delete(k);
        else jar.set(k, v);
      }
      return res;
    };
    const transport: Transport = async (req) => readSyncResponse(await call('POST', '/api/sync', req));
    const api: Api = async <T,>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => {
      const res = await call(init?.method ?? 'GET', path, init?.body);
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (res.status === 204 ? null : await res.json()) as T;
    };
    const sync = async () => {
      const engine = createSyncEngine({ db, transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
      await engine.syncNow();
      await engine.stop();
      expect(await db.dexie.outbox.count()).toBe(0);
    };
    await sync();
    const maxDay = 3760;
    await db.write('deathPlan', w.userId, { obituary: 'A long life.', createdAt: AT });
    await db.write('documents', 'd1', { documentType: 'will', documentName: 'My will', documentUrl: null, createdAt: AT });
    await db.write('messages', 'm1', { recipientName: 'Kim', recipientEmail: addr('kim'), messageType: 'text', messageContent: LETTER.kim, deliveryDate: null, createdAt: AT });
    await db.write('messages', 'm2', { recipientName: 'Lou', recipientEmail: addr('lou'), messageType: 'text', messageContent: LETTER.lou, deliveryDate: null, createdAt: AT });
    await db.write('messages', 'm3', { recipientName: 'Max', recipientEmail: addr('max'), messageType: 'text', messageContent: LETTER.max, deliveryDate: new Date(start + maxDay * DAY_MS).toISOString(), createdAt: AT });
    const levels: Record<string, AccessLevel> = { tr1: 'full', tr2: 'documents-only', tr3: 'messages-only', tr4: 'documents-only' };
    const names: Record<string, string> = { tr1: 'ann', tr2: 'bob', tr3: 'cy', tr4: 'dan' };
    const addTrustee = async (id: string) => {
      await db.write('trustees', id, { name: names[id], email: addr(names[id]!), accessLevel: levels[id], createdAt: AT });
      await sync();
      await w.t.services.scheduler.runOnce(); // invites them
      const invite = (await smtp.waitFor(addr(names[id]!), /asked you to be a trustee/)).links[0]!;
      expect((await w.t.app.request(invite, { method: 'POST' })).status).toBe(200);
    };
    for (const id of ['tr1', 'tr2', 'tr3']) await addTrustee(id);
    const ak = new Uint8Array(randomBytes(32));
    const deviceDeps = async () => ({ api, account: w.userId, withAccountKey: <T,>(use: (k: Uint8Array) => Promise<T>) => use(ak), keyring: await w.accountRing(), choices: sealedChoicesOf(db) });

    /** The device makes a generation for `ids`; each trustee in `handOver` keeps theirs from the owner's link. */
    const makeAndHandOver = async (ids: string[], handOver: string[]) => {
      const deps = await deviceDeps();
      await makeKits(deps, { k: 2, trustees: ids.map((trusteeId) => ({ trusteeId, level: levels[trusteeId]! })), state: await getKits(api) });
      const pending = (await getKits(api)).pending!;
      // The Trustee kits section binds the letters to the new kits at once (key-effects.ts bindMessagesToKits):
      // each keeps its choice, wrapped for both live generations.
      if (pending.generation > 1) expect(await syncDeliveryChoices({ ...deps })).toEqual({ updated: 3, unbound: [] });
      const handouts = await openHandouts(deps, pending, ORIGIN);
      const held = new Map<string, Held>();
      for (const id of ids) {
        const h = handouts.get(id)!;
        const kit = parseKitInput(h.link); // the trustee's browser reads the fragment
        held.set(id, { trusteeId: id, level: levels[id]!, token: h.token, kit, fingerprint: h.fingerprint });
      }
      for (const id of handOver) {
        const { token, kit } = held.get(id)!;
        const shown = (await (await w.t.call('GET', `/api/kit/${token}`)).json()) as { commitment: string };
        expect(await kitMatchesCommitment(kit, w.userId, shown.commitment)).toBe(true);
        expect((await w.t.call('POST', `/api/kit/${token}/handover`, { commitment: shown.commitment })).status).toBe(204);
      }
      return held;
    };
    const status = async (token: string) => ((await (await w.t.call('GET', `/api/kit/${token}`)).json()) as { status: string }).status;
    const first = await makeAndHandOver(['tr1', 'tr2', 'tr3'], ['tr1', 'tr2', 'tr3']);
    expect(await status(first.get('tr1')!.token)).toBe('current');
    // The device binds the letters: m1 and m3 the server delivers, m2 ann hands over (cy as backup).
    const device: DeliveryChoiceDeps = await deviceDeps();
    expect(await syncDeliveryChoices(device)).toEqual({ updated: 3, unbound: [] });
    expect(await saveDeliveryChoice(device, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr1', 'tr3'] })).toBe(true);

    expect((await call('PUT', '/api/release/settings', { checkInDays: 90, waitingDays: 7 })).status).toBe(200);
    const lastCheckIn = 3600; // every 60 days until then: due on day 3690, waiting from 3697, confirmations from 3704
    const rekeyDay = 4 * 365 + 100;
    const outages = [
      { from: 3 * 365 - 1, to: 3 * 365 + 6 }, // a week over the third yearly e-mails
      { from: 3702, to: 3723 }, // three weeks over the start of the confirmations
      { from: maxDay - 1, to: maxDay + 20 }, // three weeks over the dated letter's day
    ];
    let server: TestSmtp | null = null;
    let second: Map<string, Held> | null = null;
    const checks: Array<{ token: string; day: number }> = [];
    let seen = 0;
    const retriedKinds = new Set<string>();
    const holders = () => [...first.values(), ...(second?.values() ?? [])];
    for (let d = 1; d <= maxDay + 25; d++) {
      w.t.advance(DAY_MS);
      if (outages.some((o) => o.from === d)) await (server ?? smtp).close();
      if (outages.some((o) => o.to === d)) server = await startTestSmtp({ port: smtp.port, received: smtp.received });
      if (d <= lastCheckIn && d % 60 === 0) {
        // The owner opens the app: its check-in (DESIGN.md §8) and a sync.
        expect((await call('POST', '/api/release/check-in', {})).status).toBeLessThan(300);
        await sync();
      }
      if (d === rekeyDay) {
        // bob is removed, dan added; the device re-keys for ann, cy and dan. Cy's new kit is lost.
        await db.write('trustees', 'tr2', { _deleted: true });
        await sync();
        await addTrustee('tr4');
        second = await makeAndHandOver(['tr1', 'tr3', 'tr4'], ['tr1']);
        // One new kit handed over (k − 1): the old generation still works, the new one is pending.
        expect(await status(first.get('tr3')!.token)).toBe('current');
        expect(await status(second.get('tr1')!.token)).toBe('pending');
        const dan = second.get('tr4')!;
        const shown = (await (await w.t.call('GET', `/api/kit/${dan.token}`)).json()) as { commitment: string };
        expect((await w.t.call('POST', `/api/kit/${dan.token}/handover`, { commitment: shown.commitment })).status).toBe(204);
        // k new kits handed over: the new generation is current, the old kits stop working.
        expect(await status(second.get('tr1')!.token)).toBe('current');
        for (const id of ['tr1', 'tr3']) expect(await status(first.get(id)!.token)).toBe('retired');
        expect((await getKits(api)).escrowEnded).toBe(true);
        expect((await api<{ messages: Array<{ messageId: string; mode: string; generations: number[]; trustees: string[] }> }>('/api/kits/messages')).messages).toEqual([
          expect.objectContaining({ messageId: 'm1', mode: 'server', generations: [2] }),
          expect.objectContaining({ messageId: 'm2', mode: 'trustee', generations: [2], trustees: ['tr1', 'tr3'] }),
          expect.objectContaining({ messageId: 'm3', mode: 'server', generations: [2] }),
        ]);
      }
      await w.t.services.scheduler.runOnce();
      // Finished e-mails leave the queue after 30 days (outbox.ts EMAIL_RETENTION_DAYS): note each retried kind as it happens.
      for (const r of w.t.deps.db.prepare('SELECT DISTINCT kind FROM release_emails WHERE attempts > 1').all() as { kind: string }[]) retriedKinds.add(r.kind);
      // Each trustee checks their kit from the yearly e-mail's link: the page's fingerprint against the printed one.
      for (const e of smtp.received.slice(seen)) {
        if (e.subject !== "You are still Ada's trustee") continue;
        for (const link of e.links) {
          const token = KIT_LINK.exec(link)?.[1];
          if (!token) continue;
          const h = holders().find((x) => x.token === token)!;
          expect(e.to.map((x) => x.toLowerCase())).toContain(addr(names[h.trusteeId]!));
          expect(((await (await w.t.call('GET', `/api/kit/${token}`)).json()) as { fingerprint: string }).fingerprint).toBe(h.fingerprint);
          expect((await w.t.call('POST', `/api/kit/${token}/check`, {})).status).toBe(204);
          checks.push({ token, day: d });
        }
      }
      seen = smtp.received.length;

      if ((await w.t.services.release.state(w.userId)).phase === 'awaiting-confirmations' && second) {
        const s = second;
        // Asked once each (the outage delays, never doubles); bob is not asked.
        const asked = (who: string) => mails(addr(who), /^Please confirm only if you know Ada has died$/);
        if (['ann', 'cy', 'dan'].some((who) => asked(who).length === 0)) continue;
        for (const who of ['ann', 'cy', 'dan']) expect(asked(who), who).toHaveLength(1);
        expect(asked('bob')).toHaveLength(0);
        const confirm = (token: string, kit: Kit) => w.t.call('POST', `/api/kit/${token}/confirm`, { share: Buffer.from(kit.share).toString('base64url') });
        // The removed trustee's share and cy's old kit are refused; nothing is counted.
        const bob = first.get('tr2')!;
        expect((await confirm(bob.token, bob.kit)).status).toBe(404); // a removed trustee's kit is gone
        const old = await confirm(first.get('tr3')!.token, first.get('tr3')!.kit);
        expect(old.status).toBe(410);
        expect(await old.json()).toMatchObject({ error: 'This kit has been replaced by a newer one', issues: [{ path: 'token' }] });
        // Bob's share on a kit in use (cy's new, lost one) matches no commitment: refused by name.
        const stolen = await confirm(s.get('tr3')!.token, bob.kit);
        expect(stolen.status).toBeGreaterThanOrEqual(400);
        expect(((await stolen.json()) as { issues: Array<{ path: string }> }).issues.map((i) => i.path)).toEqual(['share']);
        // ann and dan confirm from their e-mails' links with their kits (the share only, never t).
        for (const who of ['tr1', 'tr4']) {
          const token = KIT_LINK.exec(asked(names[who]!)[0]!.links.find((l) => KIT_LINK.test(l))!)![1]!;
          expect(token).toBe(s.get(who)!.token);
          const answer = await confirm(token, s.get(who)!.kit);
          expect(answer.status, await answer.clone().text()).toBe(200);
          expect(await answer.json()).toMatchObject({ released: who === 'tr4', needed: 2, confirmations: who === 'tr4' ? 2 : 1 });
        }
        expect((await w.t.services.release.state(w.userId)).phase).toBe('released');
      }
    }
    await server?.close();
    const s = second!;
    const state = await w.t.services.release.state(w.userId);
    expect(state.phase).toBe('released');
    expect(Math.round((state.releasedAt! - start) / DAY_MS)).toBeGreaterThanOrEqual(3723); // after the outage, from the e-mails

    // Yearly checks: every kit in use was checked from its e-mail each year, never a lost or an old one.
    const checkedDays = (token: string) => checks.filter((c) => c.token === token).map((c) => c.day);
    for (const h of first.values()) {
      expect(checkedDays(h.token), names[h.trusteeId]).toHaveLength(4); // years 1–4, before the re-key
      expect(checkedDays(h.token).every((x) => x < rekeyDay)).toBe(true);
    }
    expect(checkedDays(s.get('tr1')!.token).length).toBeGreaterThanOrEqual(5);
    expect(checkedDays(s.get('tr4')!.token).length).toBeGreaterThanOrEqual(5);
    expect(checkedDays(s.get('tr3')!.token)).toEqual([]); // the lost kit
    expect(new Set(checks.map((c) => c.token))).toEqual(new Set([...[...first.values()].map((h) => h.token), s.get('tr1')!.token, s.get('tr4')!.token]));

    // Reminders, the waiting period, the release: once each.
    expect(mails(ownerEmail, /reminder to check in/)).toHaveLength(3);
    expect(mails(ownerEmail, /waiting period has started/)).toHaveLength(1);
    expect(mails(ownerEmail, /has been released/)).toHaveLength(1);
    expect([...retriedKinds]).toEqual(expect.arrayContaining(['trustee-yearly', 'trustee-confirm-death', 'delivery']));

    // Every letter once: kim's and max's by the server (max's on its date), lou's never mailed to lou.
    for (const [who, id] of [['kim', 'm1'], ['max', 'm3']] as const) {
      const got = mails(addr(who), /^A message from Ada$/);
      expect(got, who).toHaveLength(1);
      const link = new URL(got[0]!.links[0]!);
      const data = (await (await w.t.call('GET', `${link.pathname}/data`)).json()) as DeliveryPageData;
      expect((await openPage('d', data, link.hash.slice(1))).message).toMatchObject({ messageContent: LETTER[who] });
      void id;
    }
    expect(smtp.to(addr('lou'))).toEqual([]);
    expect(mails(addr('ann'), /hand over/)).toHaveLength(1);
    // Ann's kit page gives her lou's letter; the link her browser makes opens it for lou.
    const access = async (token: string) => (await (await w.t.call('GET', `/api/kit/${token}/access`)).json()) as { q: string; gate: string; blob: string; level: AccessLevel };
    const ann = s.get('tr1')!;
    const annAccess = await access(ann.token);
    const handed = (await (await w.t.call('GET', `/api/kit/${ann.token}/handovers`)).json()) as { messages: HandoverJson[] };
    const [toLou] = await openHandovers({ account: w.userId, trusteeId: 'tr1', q: annAccess.q, gate: annAccess.gate, t: ann.kit.t, origin: ORIGIN, messages: handed.messages });
    expect(toLou).toMatchObject({ messageId: 'm2', recipientEmail: addr('lou') });
    const louUrl = new URL(toLou!.link);
    const louData = (await (await w.t.call('GET', `/api/delivery/${louUrl.pathname.slice('/r/d/'.length)}/data`)).json()) as DeliveryPageData;
    expect((await openPage('d', louData, louUrl.hash.slice(1))).message).toMatchObject({ messageContent: LETTER.lou });
    for (const m of await w.t.services.records.list(w.userId, 'messages')) if (m.id !== 'm2') expect(m.delivered, m.id).toBe(true);

    // Each trustee's access opens their own level with their own t, and with no other kit's t.
    const ring = await w.accountRing();
    for (const id of ['tr1', 'tr4', 'tr3']) {
      const h = s.get(id)!;
      const a = await access(h.token);
      expect(a.level).toBe(levels[id]);
      const ctx = { account: w.userId, trusteeId: id, generation: 2 };
      const open = (t: Uint8Array) => trusteeAccessKey(fromB64url(a.q)!, fromB64url(a.gate)!, t, ctx).then((key) => openTrusteeBlob(key, ctx, a.blob));
      const opened = await open(h.kit.t);
      expect([...opened.keys()].sort()).toEqual([...levelKeys(ring, levels[id]!).keys()].sort());
      for (const [kid, raw] of levelKeys(ring, levels[id]!)) expect(Buffer.from(opened.get(kid)!).equals(Buffer.from(raw)), kid).toBe(true);
      for (const other of holders().filter((x) => x !== h)) await expect(open(other.kit.t), `${id} with ${names[other.trusteeId]}'s t`).rejects.toThrow();
    }
    for (const who of ['ann', 'cy', 'dan']) expect(mails(addr(who), /^What Ada left for you$/), who).toHaveLength(1);
    expect(mails(addr('bob'), /^What Ada left for you$/)).toHaveLength(0);
    expect(await w.t.services.release.store.unsentEmails(w.userId)).toEqual({ n: 0, written: 0 });
    expect(await w.t.services.release.store.failedEmails(w.userId)).toEqual([]);
    const readiness = await api<ReleaseReadiness>('/api/release/readiness');
    expect(readiness.kits).toMatchObject({ current: true, k: 2, n: 3, escrowEnded: true });
    expect(day()).toBe(maxDay + 25);
    w.t.deps.db.close();
  }, 400_000);
});
