/**
 * Test support (imported only by *.test.ts): a sealed account's release as sealed-release.test.ts
 * and lying-release-pages.test.ts run it: the owner's device writes a letter, documents, a plan, a
 * task, the health information and two trustees, deposits the escrow (or not), hands out trustee
 * kits 2 of 2, and the real server (a real SMTP server on loopback) runs the release to `released`.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { fromB64url, toB64url } from '../../shared/crypto/bytes';
import { makeGeneration, openTrusteeBlob, sealOwnerCopy, trusteeAccessKey } from '../../shared/crypto/trustee-kit';
import type { AccessLevel } from '../../shared/schema';
import { kitsBody } from '../../sync-server/test/kit-test-support';
import { formRequest, linkOf, REPORTED } from '../../sync-server/test/release-test-support';
import type { TestSmtp } from '../../sync-server/test/smtp-test-server';
import { DAY_MS } from '../../sync-server/release/state-machine';
import type { UserDatabase } from '../db/user-database';
import { depositEscrow } from '../features/keys/escrow-deposit';
import { createDeviceKeyStore } from '../features/keys/device-key-store';
import { syncDeliveryChoices } from '../features/message-vault/delivery-choice';
import { choicesInMemory } from '../features/message-vault/test-choices';
import { levelKeys } from '../features/trustees/kits/make-kits';
import { createSyncEngine } from '../sync/engine';
import type { SyncKeys } from '../sync/sealing';
import { createSealedWorld, type SealedWorld } from '../sync/test-sealed';

/** This test device's pins (web/features/keys/pin.ts): the escrow deposit decides from them. */
export const deviceKeys = createDeviceKeyStore(`dk-${Math.random()}`);

export const CANARY = {
  letter: 'Canary-Letter-Capybara, my dearest, this is for you.',
  recipient: 'Canary-Recipient-Tamarin',
  document: 'Canary-Document-Wombat',
  obituary: 'Canary-Obituary-Numbat lived a long and curious life.',
  song: 'Canary-Song-Quoll',
  task: 'Canary-Task-Bilby',
  health: 'Canary-Health-Quokka: allergic to penicillin.',
  original: 'Canary-Original-Bandicoot, with Hale & Co solicitors',
};
export const AT = '2026-11-21T12:00:00.000Z';

export async function syncOnce(db: UserDatabase, keys: SyncKeys, w: SealedWorld) {
  const engine = createSyncEngine({ db, transport: w.transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
  await engine.syncNow();
  await engine.stop();
}

/**
 * A sealed account (its own addresses tagged `tag`) with one letter and one document, two trustees
 * (full, messages-only); the device deposits the escrow unless `deposit` is false. Every response
 * body the test reads is kept in `bodies` (the deposit's request is the one place keys go up).
 */
export async function sealedOwner(smtp: TestSmtp, deposit: boolean) {
  const tag = Math.random().toString(36).slice(2, 8);
  const addr = (who: string) => `${who}-${tag}@example.com`;
  const w = await createSealedWorld({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' });
  const db = await w.device();
  const keys = await w.keysFor();
  await syncOnce(db, keys, w);
  await db.write('messages', 'm1', { recipientName: CANARY.recipient, recipientEmail: addr('annabella'), messageType: 'text', messageContent: CANARY.letter, deliveryDate: null, createdAt: AT });
  await db.write('documents', 'd1', { documentType: 'will', documentName: CANARY.document, documentUrl: null, originalLocation: CANARY.original, createdAt: AT });
  // As the upload dialog writes a file's document (web/db/edit-session.ts createRecord leaves a null out): no link ever written.
  await db.write('documents', 'd2', { documentType: 'insurance', documentName: 'Home insurance', originalLocation: 'Original with Hale & Co solicitors', createdAt: AT });
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
    expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return (res.status === 204 ? null : await res.json()) as T;
  };
  const ring = await w.accountRing();
  const outcome = deposit ? await depositEscrow({ api, keyring: ring, device: deviceKeys, userId: w.userId }) : null;
  const readiness = await api<{ missing: string[] }>('/api/release/readiness');
  return { w, smtp, addr, call, api, bodies, ring, outcome, readiness };
}

export type Owner = Awaited<ReturnType<typeof sealedOwner>>;
export const LEVELS: Record<string, AccessLevel> = { tr1: 'full', tr2: 'messages-only' };

/**
 * Kits 2 of 2 for grace (tr1, full) and milo (tr2, messages-only), made as the owner's device makes
 * them (shared/crypto/trustee-kit.ts, each level's keys from its keyring; the owner copy under AK),
 * both kept by their trustees ("Keep this kit"), and the letter tied to them ("the server delivers it").
 */
export async function handOverKits({ w, call, api, ring }: Owner) {
  const ak = new Uint8Array(randomBytes(32));
  const made = await makeGeneration({ account: w.userId, generation: 1, k: 2, trustees: Object.entries(LEVELS).map(([trusteeId, level]) => ({ trusteeId, level })), levelKeys: (l) => levelKeys(ring, l) });
  const res = await call('POST', '/api/kits', { ...kitsBody(made), ownerCopy: await sealOwnerCopy(ak, w.userId, made) }, w.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  const answer = (await res.json()) as { kits: Array<{ trusteeId: string; token: string }> };
  const token = (id: string) => answer.kits.find((k) => k.trusteeId === id)!.token;
  for (const m of made.kits) expect((await call('POST', `/api/kit/${token(m.trusteeId)}/handover`, { commitment: m.commitment })).status).toBe(204);
  expect(await syncDeliveryChoices({ api, account: w.userId, withAccountKey: (use) => use(ak), keyring: ring, choices: choicesInMemory({ m1: null }) }, ['m1'])).toEqual({ updated: 1, unbound: [] });
  /** What trustee `id`'s kit page has once released: their level's keys (opened here with the kit's t) and their page's token. */
  const open = async (id: string) => {
    const r = await call('GET', `/api/kit/${token(id)}/access`);
    expect(r.status).toBe(200);
    const a = (await r.json()) as { q: string; gate: string; blob: string; pageToken: string };
    const kit = made.kits.find((m) => m.trusteeId === id)!.kit;
    const ctx = { account: w.userId, trusteeId: id, generation: 1 };
    const keys = await openTrusteeBlob(await trusteeAccessKey(fromB64url(a.q)!, fromB64url(a.gate)!, kit.t, ctx), ctx, a.blob);
    return { keys, page: `/api/trustee/access/${a.pageToken}` };
  };
  const confirm = async (id: string) => (await call('POST', `/api/kit/${token(id)}/confirm`, { share: toB64url(made.kits.find((m) => m.trusteeId === id)!.kit.share) })).status;
  return { token, open, confirm };
}

/**
 * Runs `o`'s release: the trustees accept (and, with `kits`, are handed their kits), `grace`
 * reports, the scheduler runs a day at a time until `released` (with kits: until the trustees are
 * asked to confirm, and both do).
 */
export async function release(o: Owner, kits = false) {
  const { w, smtp, addr, call } = o;
  await w.t.services.scheduler.runOnce();
  const path = (link: string) => new URL(link).pathname;
  for (const who of kits ? ['grace', 'milo'] : ['grace']) expect((await call('POST', path(linkOf(await smtp.waitFor(addr(who), /asked you to be a trustee/))))).status).toBe(200);
  const handed = kits ? await handOverKits(o) : null;
  await w.t.services.scheduler.runOnce();
  const report = path(linkOf(await smtp.waitFor(addr('grace'), /Thank you for being/)));
  expect((await w.t.app.request(report, formRequest('POST', REPORTED))).status).toBe(200); // the confirmed report (report-form.ts)
  const phase = async () => (await w.t.services.release.state(w.userId)).phase;
  for (let day = 0; day < 40 && !['released', 'awaiting-confirmations'].includes(await phase()); day++) {
    w.t.advance(DAY_MS);
    await w.t.services.scheduler.runOnce();
  }
  if (handed) {
    expect(await phase()).toBe('awaiting-confirmations');
    for (const id of Object.keys(LEVELS)) expect(await handed.confirm(id)).toBe(200);
  }
  expect(await phase()).toBe('released');
  await w.t.services.scheduler.runOnce();
  return handed;
}
