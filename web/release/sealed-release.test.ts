/**
 * A sealed account's release (SECURITY.md "Release escrow"; issue "The server never decrypts
 * anything", "Trustees never read letters", "The escrow deposit"): the owner's device deposits the
 * release's keys (escrow-deposit.ts), the real server (Hono app over a SQLite file, a real SMTP
 * server on loopback) runs the release to `released`, the recipient's e-mailed link carries its
 * message key in the fragment, a trustee's page data the keys of its level, and the release page's
 * opener (open.ts) opens what each may read — and nothing else. The server's files and every
 * response hold no plaintext and no key but what each page was handed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extractText } from 'unpdf';
import { binderInputOf, buildBinder } from '../../shared/binder';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { open } from '../../shared/crypto/envelope';
import { UnknownKeyError } from '../../shared/crypto/errors';
import type { DeliveryPageData, TrusteePageData } from '../../shared/release/pages';
import { EscrowClosedError } from '../../sync-server/escrow/escrow';
import { formRequest, linkOf, REPORTED } from '../../sync-server/release/release-test-support';
import { startTestSmtp, type TestSmtp } from '../../sync-server/release/smtp-test-server';
import { DAY_MS } from '../../sync-server/release/state-machine';
import { UNDEPOSITED_TEXT } from '../../sync-server/release/release-keys';
import type { UserDatabase } from '../db/user-database';
import { depositEscrow } from '../features/keys/escrow-deposit';
import { createSyncEngine } from '../sync/engine';
import type { SyncKeys } from '../sync/sealing';
import { createSealedWorld, type SealedWorld } from '../sync/test-sealed';
import { KIT_ONLY_TEXT, NO_ESCROW_TEXT, NOT_OPENED, openPage, parseFragment } from './open';

const CANARY = {
  letter: 'Canary-Letter-Capybara, my dearest, this is for you.',
  recipient: 'Canary-Recipient-Tamarin',
  document: 'Canary-Document-Wombat',
  obituary: 'Canary-Obituary-Numbat lived a long and curious life.',
  song: 'Canary-Song-Quoll',
  task: 'Canary-Task-Bilby',
  health: 'Canary-Health-Quokka: allergic to penicillin.',
};
const AT = '2026-11-21T12:00:00.000Z';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

async function syncOnce(db: UserDatabase, keys: SyncKeys, w: SealedWorld) {
  const engine = createSyncEngine({ db, transport: w.transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
  await engine.syncNow();
  await engine.stop();
}

/**
 * A sealed account (its own addresses tagged `tag`) with one letter and one document, two trustees
 * (full, messages-only); the device deposits the escrow unless `deposit` is false. Every response
 * body the test reads is kept in `bodies` (the deposit's request is the one place keys go up).
 */
async function sealedOwner(deposit: boolean) {
  const tag = Math.random().toString(36).slice(2, 8);
  const addr = (who: string) => `${who}-${tag}@example.com`;
  const w = await createSealedWorld({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' });
  const db = await w.device();
  const keys = await w.keysFor();
  await syncOnce(db, keys, w);
  await db.write('messages', 'm1', { recipientName: CANARY.recipient, recipientEmail: addr('annabella'), messageType: 'text', messageContent: CANARY.letter, deliveryDate: null, createdAt: AT });
  await db.write('documents', 'd1', { documentType: 'will', documentName: CANARY.document, documentUrl: null, createdAt: AT });
  await db.write('deathPlan', w.userId, { obituary: CANARY.obituary, musicSelections: ['Abide with me', CANARY.song], createdAt: AT });
  await db.write('survivorTasks', 'task1', { title: CANARY.task, description: 'Call the bank.', category: 'financial', timeframe: '1w', automationLevel: 'manual-with-guidance', priority: 2, resources: ['The bank card'], createdAt: AT });
  await db.write('profile', w.userId, { healthInfo: CANARY.health });
  await db.write('trustees', 'tr1', { name: 'Grace', email: addr('grace'), accessLevel: 'full', createdAt: AT });
  await db.write('trustees', 'tr2', { name: 'Milo', email: addr('milo'), accessLevel: 'messages-only', createdAt: AT });
  await syncOnce(db, keys, w);
  db.close();
  const bodies: string[] = [];
  const call = async (method: string, path: string, body?: unknown, cookie?: string) => {
    const res = await w.t.call(method, path, body, cookie);
    bodies.push(await res.clone().text());
    return res;
  };
  const api = async <T>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => {
    const res = await call(init?.method ?? 'GET', path, init?.body, w.cookie);
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as T;
  };
  const ring = await w.accountRing();
  const outcome = deposit ? await depositEscrow({ api, keyring: ring }) : null;
  const readiness = await api<{ missing: string[] }>('/api/release/readiness');
  return { w, addr, call, api, bodies, ring, outcome, readiness };
}

/** Runs `w`'s release: `grace` accepts and reports, the scheduler runs a day at a time until `released`. */
async function release(w: SealedWorld, addr: (who: string) => string, call: (m: string, p: string) => Promise<Response>) {
  await w.t.services.scheduler.runOnce();
  const path = (link: string) => new URL(link).pathname;
  expect((await call('POST', path(linkOf(await smtp.waitFor(addr('grace'), /asked you to be a trustee/))))).status).toBe(200);
  await w.t.services.scheduler.runOnce();
  const report = path(linkOf(await smtp.waitFor(addr('grace'), /Thank you for being/)));
  expect((await w.t.app.request(report, formRequest('POST', REPORTED))).status).toBe(200); // the confirmed report (report-form.ts)
  for (let day = 0; day < 40 && (await w.t.services.release.state(w.userId)).phase !== 'released'; day++) {
    w.t.advance(DAY_MS);
    await w.t.services.scheduler.runOnce();
  }
  expect((await w.t.services.release.state(w.userId)).phase).toBe('released');
  await w.t.services.scheduler.runOnce();
}

/** The server's SQLite file and its WAL. */
const dbBytes = (w: SealedWorld) => {
  const dir = w.t.deps.config.dataDir;
  return Buffer.concat([readFileSync(join(dir, 'afterword.db')), readFileSync(join(dir, 'afterword.db-wal'))]);
};

const tokenPath = (link: string) => new URL(link).pathname;

describe('the release of a sealed account', () => {
  it('hands the letter’s key only to its recipient’s link, the level’s keys only to a trustee’s page, and opens them in the page', async () => {
    const { w, addr, call, api, bodies, ring, outcome, readiness } = await sealedOwner(true);
    expect(outcome).toEqual({ outcome: 'deposited', keyCount: 5 }); // msg:m1 and the four fixed scopes
    expect(readiness.missing.filter((m) => m.includes('sealed on your devices'))).toEqual([]);
    expect(await depositEscrow({ api, keyring: ring })).toEqual({ outcome: 'unchanged', keyCount: 5 });
    const msgKid = ring.kids().find((k) => k.startsWith('msg:m1~'))!;

    // Before the release no key is handed out: the escrow stays shut, and no e-mail carries one.
    await expect(w.t.services.releaseKeys.levelKeys(w.userId, 'full')).rejects.toBeInstanceOf(EscrowClosedError);
    await expect(w.t.services.releaseKeys.deliveryFragment(w.userId, await w.t.services.store.get(w.userId, 'messages', 'm1'))).rejects.toBeInstanceOf(EscrowClosedError);
    await release(w, addr, call);
    // A trustee's e-mails never carry a key (their page data does, after the release).
    for (const e of smtp.to(addr('grace'))) for (const l of e.links) expect(new URL(l).hash).toBe('');
    // And no e-mail greets with an envelope (a sealed name): "Hello," instead.
    for (const e of [...smtp.to(addr('grace')), ...smtp.to(addr('annabella'))]) expect(e.text).not.toMatch(/v1\.[a-z:0-9]+~\d/);

    // The recipient: the key rides in the fragment; the page data opened with it is the letter.
    const delivery = linkOf(await smtp.waitFor(addr('annabella'), /A message from/));
    const url = new URL(delivery);
    expect(url.hash.slice(1)).toBe(`${msgKid}.${toB64url(ring.raw(msgKid)!)}`);
    const res = await call('GET', `${url.pathname}/data`);
    expect(res.status).toBe(200);
    const data = (await res.json()) as DeliveryPageData;
    expect(JSON.stringify(data)).not.toContain(CANARY.letter);
    const opened = await openPage('d', data, url.hash.slice(1));
    expect(opened.message).toMatchObject({ messageType: 'text', messageContent: CANARY.letter, file: null });
    expect(opened.sealed).toBeUndefined();
    await expect(openPage('d', data, null)).rejects.toThrow(/its key is missing from the link/);
    const otherKey = toB64url(ring.raw('index~1')!);
    await expect(openPage('d', data, `${msgKid}.${otherKey}`)).rejects.toThrow(/cannot be opened/);

    // A full trustee: the keys of its level, never a message's own; names and documents open.
    const access = async (who: string) => {
      const r = await call('GET', `${tokenPath(linkOf(await smtp.waitFor(addr(who), /left for you/)))}/data`);
      expect(r.status).toBe(200);
      return (await r.json()) as TrusteePageData;
    };
    const grace = await access('grace');
    expect('trusteeName' in grace).toBe(false); // a trustee's name is sealed: the server sends none
    expect(grace.ownerName).toBe('Ada'); // the last name is sealed
    expect(Object.keys(grace.sealed!.keys!).sort()).toEqual(['docs~1', 'index~1', 'owner~1', 'plan~1']);
    const g = await openPage('t', grace, null);
    expect(g.notOpened).toBeUndefined();
    expect(g.messages).toEqual([expect.objectContaining({ id: 'm1', recipientName: CANARY.recipient })]);
    expect(g.documents).toEqual([expect.objectContaining({ id: 'd1', documentName: CANARY.document, documentType: 'will' })]);
    expect(g.plan).toMatchObject({ obituary: CANARY.obituary, musicSelections: ['Abide with me', CANARY.song] });
    expect(g.profile).toEqual({ healthInfo: CANARY.health }); // the health information (owner scope), opened here
    expect(g.tasks).toEqual([{ id: 'task1', title: CANARY.task, description: 'Call the bank.', category: 'financial', timeframe: '1w', priority: 2, automationLevel: 'manual-with-guidance', resources: ['The bank card'], automationSteps: [], done: false }]);
    // The family binder is made on the page from what it opened (the server sends none for a sealed account).
    expect(grace.binder).toBeUndefined();
    expect(g.binder!.survivorTasks).toEqual([expect.objectContaining({ id: 'task1', title: CANARY.task, description: 'Call the bank.', timeframe: '1w' })]);
    expect(g.binder!.trustees.map((t) => t.name).sort()).toEqual(['Grace', 'Milo']);
    expect(g.binder!.documents).toEqual([expect.objectContaining({ documentName: CANARY.document, documentType: 'will' })]);
    expect(g.binder!.messages).toEqual([expect.objectContaining({ recipientName: CANARY.recipient, delivered: true })]);
    expect(g.binder!.deathPlan[0]).toMatchObject({ obituary: CANARY.obituary });
    const fontPath = (file: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
    const fonts = { regular: new Uint8Array(readFileSync(fontPath('DejaVuSans.ttf'))), bold: new Uint8Array(readFileSync(fontPath('DejaVuSans-Bold.ttf'))) };
    const pdf = await buildBinder({ ...binderInputOf(g.binder!, new Date(g.now)), familyProgress: true }, fonts);
    const printed = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    for (const seen of [CANARY.task, CANARY.document, CANARY.recipient, 'Grace', `Health information ${CANARY.health}`, `${CANARY.recipient} (${addr('annabella')}) Message · Delivered`]) expect(printed).toContain(seen);
    expect(printed).not.toContain('undefined');
    expect(printed).not.toContain(CANARY.letter);
    expect(JSON.stringify(g)).not.toContain(CANARY.letter);
    // A value moved to another place (a hostile server's swap) is never shown as content: the page says so.
    const swapped = structuredClone(grace);
    swapped.documents![0]!.documentName = swapped.messages![0]!.recipientName;
    const s = await openPage('t', swapped, null);
    expect(s.documents![0]!.documentName).toBe(NOT_OPENED);
    expect(s.notOpened).toBe(1);
    // A sealed task is ticked all the same, in the server's own table: who and when, never the sealed status.
    const graceLink = linkOf(await smtp.waitFor(addr('grace'), /left for you/));
    expect((await w.t.app.request(`${tokenPath(graceLink)}/tasks/task1`, formRequest('POST', { done: 'yes' }))).status).toBe(303);
    expect((await w.t.services.store.get(w.userId, 'survivorTasks', 'task1'))!.values.completionStatus).not.toBe('completed');
    const ticked = await access('grace');
    expect(ticked.taskMarks).toEqual([expect.objectContaining({ taskId: 'task1', mine: true, name: null })]); // the name is sealed on the server
    expect((await openPage('t', ticked, null)).taskMarks).toEqual([expect.objectContaining({ taskId: 'task1', mine: true, name: 'Grace' })]);
    // The letter's text does not open with them.
    const stored = (await w.t.services.store.get(w.userId, 'messages', 'm1'))!;
    const levelLookup = parseFragment(Object.entries(grace.sealed!.keys!).map(([k, v]) => `${k}.${v}`).join(','));
    const imported = new Map(await Promise.all(Object.entries(levelLookup).map(async ([k, v]) => [k, await crypto.subtle.importKey('raw', Buffer.from(v, 'base64url'), 'AES-GCM', false, ['decrypt'])] as const)));
    await expect(
      open((kid) => imported.get(kid), { userId: w.userId, collection: 'messages', recordId: 'm1', field: 'messageContent' }, stored.clocks.messageContent!, stored.values.messageContent as string),
    ).rejects.toBeInstanceOf(UnknownKeyError);

    // A messages-only trustee: the index key only; a resend makes the link with its key again.
    const milo = await access('milo');
    expect(Object.keys(milo.sealed!.keys!)).toEqual(['index~1']);
    expect(milo.sealed!.records).toBeUndefined();
    const miloOpened = await openPage('t', milo, null);
    expect(miloOpened.messages![0]!.recipientName).toBe(CANARY.recipient);
    expect(miloOpened.profile).toBeUndefined();
    const miloLink = linkOf(await smtp.waitFor(addr('milo'), /left for you/));
    const before = smtp.to(addr('annabella')).length;
    expect((await call('POST', `${tokenPath(miloLink)}/resend/m1`)).status).toBe(200);
    await w.t.services.scheduler.runOnce();
    const resent = smtp.to(addr('annabella'));
    expect(resent.length).toBe(before + 1);
    expect(new URL(linkOf(resent.at(-1)!)).hash.slice(1)).toBe(url.hash.slice(1));

    // No plaintext and no key in the server's files; the message key in no response at all, and
    // a fixed scope's key only in the page data of a level that receives it.
    const files = dbBytes(w);
    for (const word of Object.values(CANARY)) {
      expect(files.includes(word)).toBe(false);
      for (const body of bodies) expect(body).not.toContain(word);
    }
    for (const kid of ring.kids()) {
      const raw = ring.raw(kid)!;
      expect(files.includes(Buffer.from(raw))).toBe(false);
      expect(files.includes(toB64url(raw))).toBe(false);
      const carriers = bodies.filter((b) => b.includes(toB64url(raw)));
      if (kid.startsWith('msg:')) expect(carriers).toEqual([]);
      else expect(carriers.every((b) => b.includes('"sealed"') && b.includes('"level"'))).toBe(true);
    }
    expect(parseFragment(url.hash.slice(1))).toEqual({ [msgKid]: toB64url(ring.raw(msgKid)!) });
  });

  it('a sealed account that deposited no escrow: the pages say the content cannot be opened here, and why', async () => {
    const { w, addr, call, readiness } = await sealedOwner(false);
    // The owner was warned before: the readiness panel on Settings names the keys not left.
    expect(readiness.missing).toContain(UNDEPOSITED_TEXT(5));
    await release(w, addr, call);
    const delivery = new URL(linkOf(await smtp.waitFor(addr('annabella'), /A message from/)));
    expect(delivery.hash).toBe('');
    const data = (await (await call('GET', `${delivery.pathname}/data`)).json()) as DeliveryPageData;
    expect(data.sealed?.noEscrow).toBe(true);
    await expect(openPage('d', data, null)).rejects.toThrow(NO_ESCROW_TEXT);
    const grace = (await (await call('GET', `${tokenPath(linkOf(await smtp.waitFor(addr('grace'), /left for you/)))}/data`)).json()) as TrusteePageData;
    expect(grace.sealed).toMatchObject({ noEscrow: true, keys: {} });
    await expect(openPage('t', grace, null)).rejects.toThrow(NO_ESCROW_TEXT);
    // A trustee's kit opens their level's keys in the browser (the kit page, web/release/kit/):
    // given those, the same page data opens with no escrow at all, and nothing else does.
    const ring = await w.accountRing();
    const level = new Map(['docs~1', 'index~1', 'owner~1', 'plan~1'].map((kid) => [kid, ring.raw(kid)!] as const));
    const g = await openPage('t', grace, null, level);
    expect(g.notOpened).toBeUndefined();
    expect(g.documents).toEqual([expect.objectContaining({ id: 'd1', documentName: CANARY.document, documentType: 'will' })]);
    expect(g.plan).toMatchObject({ obituary: CANARY.obituary });
    expect(g.profile).toEqual({ healthInfo: CANARY.health });
    expect(g.messages).toEqual([expect.objectContaining({ id: 'm1', recipientName: CANARY.recipient })]);
    // The index key alone (a messages-only level) opens the names, never a document.
    const names = await openPage('t', grace, null, new Map([['index~1', ring.raw('index~1')!]]));
    expect(names.messages![0]!.recipientName).toBe(CANARY.recipient);
    expect(names.documents![0]!.documentName).toBe(NOT_OPENED);
    // Once trustee kits took over from the escrow, the page says the kit opens it (not that keys were never left).
    await expect(openPage('t', { ...grace, sealed: { ...grace.sealed!, noEscrow: false, kits: true } }, null)).rejects.toThrow(KIT_ONLY_TEXT);
  });

  it('a new message’s key: the owner is warned until the device deposits again, and a deposit with nothing new is skipped', async () => {
    const { w, api } = await sealedOwner(true);
    const keys = await w.keysFor();
    await keys.addScope('msg:m2'); // another device wrote a new message: its key is in the stored keyring
    const stale = await api<{ missing: string[] }>('/api/release/readiness');
    expect(stale.missing).toContain(UNDEPOSITED_TEXT(1));
    const ring = await w.accountRing();
    expect(await depositEscrow({ api, keyring: ring })).toEqual({ outcome: 'deposited', keyCount: 6 });
    expect((await api<{ kids: string[] }>('/api/release/escrow')).kids).toContain('msg:m2~1');
    expect((await api<{ missing: string[] }>('/api/release/readiness')).missing.filter((m) => m.includes('sealed on your devices'))).toEqual([]);
    expect(await depositEscrow({ api, keyring: ring })).toEqual({ outcome: 'unchanged', keyCount: 6 });
  });
});
