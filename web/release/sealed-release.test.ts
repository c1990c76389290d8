/**
 * A sealed account's release (SECURITY.md "Release escrow", "Trustee kits"; issue "The server never
 * decrypts anything", "Trustees never read letters", "The escrow deposit", "Release through
 * trustees' key shares"): the owner's device deposits its messages' keys (escrow-deposit.ts) and
 * makes trustee kits from its keyring, the real server (Hono app over a SQLite file, a real SMTP
 * server on loopback) runs the release to `released` through the trustees' confirmations, the
 * recipient's e-mailed link carries its message key in the fragment, a trustee's kit opens the keys
 * of its level in the browser, and the release page's opener (open.ts) opens what each may read —
 * and nothing else. The server's files and every response hold no plaintext and no key of a
 * trustee's level; a message's key only in its recipient's e-mailed link. Without kits in force, a
 * trustee's page opens nothing and says why (the escrow never hands a trustee a key).
 */
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extractText } from 'unpdf';
import { binderInputOf, buildBinder } from '../../shared/binder';
import { deliveryStateLine } from '../../shared/delivery-rule';
import { formatLongDate } from '../../shared/labels';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { open } from '../../shared/crypto/envelope';
import { UnknownKeyError } from '../../shared/crypto/errors';
import type { DeliveryPageData, TrusteePageData } from '../../shared/release/pages';
import { EscrowClosedError } from '../../sync-server/release/escrow/escrow';
import { formRequest, linkOf } from '../../sync-server/test/release-test-support';
import { tamperedEnvelope } from '../../sync-server/test/tamper';
import { startTestSmtp, type TestSmtp } from '../../sync-server/test/smtp-test-server';
import { UNDEPOSITED_TEXT } from '../../sync-server/release/release-keys';
import { depositEscrow } from '../features/keys/escrow-deposit';
import type { SealedWorld } from '../sync/test-sealed';
import { kitOnlyText, NO_KITS_TEXT, notOpenedValue, openPage, parseFragment } from './open';
import { t } from './words';
import { notOpenedText } from './not-opened';
import { CANARY, deviceKeys, release, sealedOwner } from './test-release';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());


/** The server's SQLite file and its WAL. */
const dbBytes = (w: SealedWorld) => {
  const dir = w.t.deps.config.dataDir;
  return Buffer.concat([readFileSync(join(dir, 'afterword.db')), readFileSync(join(dir, 'afterword.db-wal'))]);
};

const tokenPath = (link: string) => new URL(link).pathname;

describe('the release of a sealed account', () => {
  it('hands the letter’s key only to its recipient’s link, the level’s keys only to a trustee’s kit, and opens them in the page', async () => {
    const owner = await sealedOwner(smtp, true);
    const { w, addr, call, api, bodies, ring, outcome, readiness } = owner;
    expect(outcome).toEqual({ outcome: 'deposited', keyCount: 1 }); // msg:m1 only: a trustee's level opens only with their kit
    expect(readiness.missing.filter((m) => m.includes('sealed on your devices'))).toEqual([]);
    expect(await depositEscrow({ api, keyring: ring, device: deviceKeys, userId: w.userId })).toEqual({ outcome: 'unchanged', keyCount: 1 });
    const msgKid = ring.kids().find((k) => k.startsWith('msg:m1~'))!;

    // Before the release no key is handed out: the escrow stays shut, and no e-mail carries one.
    await expect(w.t.services.releaseKeys.deliveryFragment(w.userId, await w.t.services.store.get(w.userId, 'messages', 'm1'))).rejects.toBeInstanceOf(EscrowClosedError);
    const kits = (await release(owner, true))!;
    // A trustee's e-mails never carry a key (their kit opens their level, in their browser).
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

    // A full trustee: their kit opens the keys of their level, never a message's own; names and documents open.
    // Their access e-mail points to their kit page.
    expect(linkOf(await smtp.waitFor(addr('grace'), /left for you/))).toBe(`http://afterword.test/kit/${kits.token('tr1')}`);
    const graceKit = await kits.open('tr1');
    const access = async (page: string) => {
      const r = await call('GET', `${page}/data`);
      expect(r.status).toBe(200);
      return (await r.json()) as TrusteePageData;
    };
    const grace = await access(graceKit.page);
    expect('trusteeName' in grace).toBe(false); // a trustee's name is sealed: the server sends none
    expect(grace.ownerName).toBe('Ada'); // the last name is sealed
    expect('keys' in grace.sealed!).toBe(false); // the server hands a trustee's page no key
    expect([...graceKit.keys.keys()].sort()).toEqual(['docs~1', 'index~1', 'owner~1', 'plan~1']);
    // Without the kit's keys the page opens nothing: it says the kit opens it.
    await expect(openPage('t', grace, null)).rejects.toThrow(kitOnlyText());
    const g = await openPage('t', grace, null, graceKit.keys);
    expect(g.notOpened).toBeUndefined();
    expect(g.messages).toEqual([expect.objectContaining({ id: 'm1', recipientName: CANARY.recipient })]);
    expect(g.documents).toEqual([
      expect.objectContaining({ id: 'd1', documentName: CANARY.document, documentType: 'will', originalLocation: CANARY.original }),
      expect.objectContaining({ id: 'd2', documentName: 'Home insurance', documentUrl: null, originalLocation: 'Original with Hale & Co solicitors' }),
    ]);
    expect(g.plan).toMatchObject({ obituary: CANARY.obituary, musicSelections: ['Abide with me', CANARY.song] });
    expect(g.profile).toEqual({ healthInfo: CANARY.health }); // the health information (owner scope), opened here
    // The index key alone (a messages-only level) opens the names, never a document.
    const names = await openPage('t', grace, null, new Map([['index~1', ring.raw('index~1')!]]));
    expect(names.messages![0]!.recipientName).toBe(CANARY.recipient);
    expect(names.documents![0]!.documentName).toBe(notOpenedValue());
    // A documents-only level (the docs key alone) opens the documents, and nothing is damaged: no warning.
    const docsOnly = await openPage('t', { ...grace, level: 'documents-only', messages: undefined, sealed: { ...grace.sealed!, records: undefined } }, null, new Map([['docs~1', ring.raw('docs~1')!]]));
    expect(docsOnly.documents!.map((d) => d.documentName)).toEqual([CANARY.document, 'Home insurance']);
    expect(docsOnly.notOpened).toBeUndefined();
    expect(g.tasks).toEqual([{ id: 'task1', title: CANARY.task, description: 'Call the bank.', category: 'financial', timeframe: '1w', priority: 2, automationLevel: 'manual-with-guidance', resources: ['The bank card'], automationSteps: [], done: false }]);
    // The family binder is made on the page from what it opened (the server sends none for a sealed account).
    expect(grace.binder).toBeUndefined();
    expect(g.binder!.survivorTasks).toEqual([expect.objectContaining({ id: 'task1', title: CANARY.task, description: 'Call the bank.', timeframe: '1w' })]);
    expect(g.binder!.trustees.map((t) => t.name).sort()).toEqual(['Grace', 'Milo']);
    expect(g.binder!.documents).toEqual([expect.objectContaining({ documentName: CANARY.document, documentType: 'will' }), expect.objectContaining({ documentName: 'Home insurance' })]);
    expect(g.binder!.messages).toEqual([expect.objectContaining({ recipientName: CANARY.recipient, delivered: true })]);
    expect(g.binder!.deathPlan[0]).toMatchObject({ obituary: CANARY.obituary });
    const fontPath = (file: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
    const fonts = { regular: new Uint8Array(readFileSync(fontPath('DejaVuSans.ttf'))), bold: new Uint8Array(readFileSync(fontPath('DejaVuSans-Bold.ttf'))) };
    const pdf = await buildBinder({ ...binderInputOf(g.binder!, new Date(g.now)), afterRelease: true }, fonts);
    const printed = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
    // The message's state as the page says it (sent, on the day the server recorded), its type sealed for its recipient (issue 38, item 7).
    const pageLine = deliveryStateLine(g.messages![0]!, Date.parse(g.now), (d) => formatLongDate(d));
    expect(pageLine).toBe(`sent on ${formatLongDate(g.messages![0]!.deliveredAt!)}, opened on ${formatLongDate(g.messages![0]!.openedAt!)}`);
    for (const seen of [CANARY.task, CANARY.document, `Where the original is kept: ${CANARY.original}`, CANARY.recipient, 'Grace', `Health information ${CANARY.health}`, `${CANARY.recipient} (${addr('annabella')}) Message (sealed for its recipient) · S${pageLine.slice(1)}`]) expect(printed).toContain(seen);
    expect(printed).not.toContain('Pending');
    expect(printed).not.toContain('undefined');
    expect(printed).not.toContain(CANARY.letter);
    expect(JSON.stringify(g)).not.toContain(CANARY.letter);
    // A value moved to another place (a hostile server's swap) is never shown as content: the page says so.
    const swapped = structuredClone(grace);
    swapped.documents![0]!.documentName = swapped.messages![0]!.recipientName;
    const s = await openPage('t', swapped, null, graceKit.keys);
    expect(s.documents![0]!.documentName).toBe(notOpenedValue());
    expect(s.notOpened).toEqual(['the name of a document']);
    // A name never written (no value, no clock) is empty, not a failure; a clock without its envelope is one.
    const unnamed = structuredClone(grace);
    (unnamed.messages![0] as { recipientName?: string }).recipientName = undefined;
    const withClock = structuredClone(unnamed);
    delete unnamed.sealed!.clocks['messages/m1']!.recipientName;
    const u = await openPage('t', unnamed, null, graceKit.keys);
    expect([u.messages![0]!.recipientName, u.notOpened]).toEqual(['', undefined]);
    expect((await openPage('t', withClock, null, graceKit.keys)).notOpened).toEqual([`the name of the recipient of the message to ${addr('annabella')}`]);
    // A changed envelope is named on the page: which entry, where the person can find it.
    const changed = structuredClone(grace);
    const d2 = changed.documents![1]!;
    d2.originalLocation = tamperedEnvelope(d2.originalLocation!);
    const c = await openPage('t', changed, null, graceKit.keys);
    expect(c.documents![1]).toMatchObject({ documentName: 'Home insurance', originalLocation: null });
    expect(c.notOpened).toEqual(['where the original of the document “Home insurance” is kept']);
    expect(notOpenedText(c.notOpened!)).toBe(
      'One entry on this page could not be opened, because it was changed or damaged: where the original of the document “Home insurance” is kept.',
    );
    // A sealed task is ticked all the same, in the server's own table: who and when, never the sealed status.
    expect((await w.t.app.request(`${graceKit.page}/tasks/task1`, formRequest('POST', { done: 'yes' }))).status).toBe(303);
    expect((await w.t.services.store.get(w.userId, 'survivorTasks', 'task1'))!.values.completionStatus).not.toBe('completed');
    const ticked = await access(graceKit.page);
    expect(ticked.taskMarks).toEqual([expect.objectContaining({ taskId: 'task1', mine: true, name: null })]); // the name is sealed on the server
    expect((await openPage('t', ticked, null, graceKit.keys)).taskMarks).toEqual([expect.objectContaining({ taskId: 'task1', mine: true, name: 'Grace' })]);
    // The letter's text does not open with them.
    const stored = (await w.t.services.store.get(w.userId, 'messages', 'm1'))!;
    const imported = new Map(await Promise.all([...graceKit.keys].map(async ([k, v]) => [k, await crypto.subtle.importKey('raw', Uint8Array.from(v), 'AES-GCM', false, ['decrypt'])] as const)));
    await expect(
      open((kid) => imported.get(kid), { userId: w.userId, collection: 'messages', recordId: 'm1', field: 'messageContent' }, stored.clocks.messageContent!, stored.values.messageContent as string),
    ).rejects.toBeInstanceOf(UnknownKeyError);

    // A messages-only trustee: their kit opens the index key only; a resend makes the link with its key again.
    const miloKit = await kits.open('tr2');
    const milo = await access(miloKit.page);
    expect([...miloKit.keys.keys()]).toEqual(['index~1']);
    expect(milo.sealed!.records).toBeUndefined();
    const miloOpened = await openPage('t', milo, null, miloKit.keys);
    expect(miloOpened.messages![0]!.recipientName).toBe(CANARY.recipient);
    expect(miloOpened.profile).toBeUndefined();
    const before = smtp.to(addr('annabella')).length;
    expect((await call('POST', `${miloKit.page}/resend/m1`)).status).toBe(200);
    await w.t.services.scheduler.runOnce();
    const resent = smtp.to(addr('annabella'));
    expect(resent.length).toBe(before + 1);
    expect(new URL(linkOf(resent.at(-1)!)).hash.slice(1)).toBe(url.hash.slice(1));

    // No plaintext and no key in the server's files, and no key in any response: a message's key
    // only in its recipient's e-mailed link, a level's keys only in the trustees' kits.
    const files = dbBytes(w);
    for (const word of Object.values(CANARY)) {
      expect(files.includes(word)).toBe(false);
      for (const body of bodies) expect(body).not.toContain(word);
    }
    for (const kid of ring.kids()) {
      const raw = ring.raw(kid)!;
      expect(files.includes(Buffer.from(raw))).toBe(false);
      expect(files.includes(toB64url(raw))).toBe(false);
      expect(bodies.filter((b) => b.includes(toB64url(raw))), kid).toEqual([]);
    }
    expect(parseFragment(url.hash.slice(1))).toEqual({ [msgKid]: toB64url(ring.raw(msgKid)!) });
  });

  it('a sealed account that deposited no escrow: the pages say the content cannot be opened here, and why', async () => {
    const owner = await sealedOwner(smtp, false);
    const { w, addr, call, readiness } = owner;
    // The owner was warned before: the readiness panel on Settings names the keys not left.
    expect(readiness.missing).toContain(UNDEPOSITED_TEXT(1));
    await release(owner);
    const delivery = new URL(linkOf(await smtp.waitFor(addr('annabella'), /A message from/)));
    expect(delivery.hash).toBe('');
    const data = (await (await call('GET', `${delivery.pathname}/data`)).json()) as DeliveryPageData;
    expect(data.sealed?.noEscrow).toBe(true);
    await expect(openPage('d', data, null)).rejects.toThrow(t('releasePage.noEscrow'));
    const grace = (await (await call('GET', `${tokenPath(linkOf(await smtp.waitFor(addr('grace'), /left for you/)))}/data`)).json()) as TrusteePageData;
    // No kits were in force: a trustee's page opens nothing sealed, escrow or not, and says why.
    expect(grace.sealed).toMatchObject({ noEscrow: true, noKits: true });
    expect('keys' in grace.sealed!).toBe(false);
    const shown = await openPage('t', grace, null);
    expect(shown.cannotOpen).toBe(NO_KITS_TEXT('Ada', false));
    expect([shown.plan, shown.documents, shown.tasks]).toEqual([undefined, undefined, undefined]);
    expect(shown.messages).toEqual([expect.objectContaining({ id: 'm1', recipientName: '', recipientEmail: addr('annabella'), delivered: true })]);
    // (A kit's keys open a page's data with no escrow at all: the test above, through the kit page's path.)
    // Once trustee kits took over from the escrow, the page says the kit opens it (not that keys were never left).
    await expect(openPage('t', { ...grace, sealed: { ...grace.sealed!, noEscrow: false, kits: true } }, null)).rejects.toThrow(kitOnlyText());
  });

  it('a new message’s key: the owner is warned until the device deposits again, and a deposit with nothing new is skipped', async () => {
    const { w, api } = await sealedOwner(smtp, true);
    const keys = await w.keysFor();
    await keys.addScope('msg:m2'); // another device wrote a new message: its key is in the stored keyring
    const stale = await api<{ missing: string[] }>('/api/release/readiness');
    expect(stale.missing).toContain(UNDEPOSITED_TEXT(1));
    const ring = await w.accountRing();
    expect(await depositEscrow({ api, keyring: ring, device: deviceKeys, userId: w.userId })).toEqual({ outcome: 'deposited', keyCount: 2 });
    expect((await api<{ kids: string[] }>('/api/release/escrow')).kids).toEqual(['msg:m1~1', 'msg:m2~1']);
    expect((await api<{ missing: string[] }>('/api/release/readiness')).missing.filter((m) => m.includes('sealed on your devices'))).toEqual([]);
    expect(await depositEscrow({ api, keyring: ring, device: deviceKeys, userId: w.userId })).toEqual({ outcome: 'unchanged', keyCount: 2 });
  });
});
