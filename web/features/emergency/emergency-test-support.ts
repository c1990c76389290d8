/**
 * The owner's device for emergency access as the tests see it (emergency-access.test.ts,
 * pending-choices.test.ts): the REAL server (createApp over a SQLite file), the REAL key session and
 * kits (make-kits.ts), the owner's records in the device's database (Dexie over fake-indexeddb,
 * after a sync). Only for tests.
 */
import 'fake-indexeddb/auto';
import { recordChangeWaits } from '../sharing/item-on-server';
import { sealedCopiesIn } from '../sharing/sealed-copies';
import { deletionsIn } from './emergency-follow';
import { expect } from 'vitest';
import { openOwnerCopy } from '../../../shared/crypto/trustee-kit';
import type { DeathPlan, LegalDocument, SurvivorTask, Trustee } from '../../../shared/schema';
import type { EmergencyChoice } from '../../../shared/schema/trustee';
import { appTransport } from '../../../sync-server/test/client-test-support';
import { makeDeviceKeys, rememberedDerive } from '../../../sync-server/test/test-keys';
import { outboxFiles, ownerOn } from '../../../sync-server/test/release-test-support';
import { createTestApp } from '../../../sync-server/test/test-support';
import { openOnDevice } from '../../db/test-device';
import { createSyncEngine } from '../../sync/engine';
import { createDeviceKeyStore } from '../keys/device-key-store';
import { createKeySession } from '../keys/key-session';
import { apiOver } from '../keys/test-migrate';
import type { Api } from '../keys';
import type { ShareSource } from '../sharing';
import { getKits } from '../trustees/kits/kits-api';
import { makeKits } from '../trustees/kits/make-kits';
import { openEmergencyAccess, type EmergencyItem } from '../../../shared/emergency-bundle';
import { sealEmergency } from './emergency-access';
import { pendingChoicesIn, type SendDeps } from './pending-choices';

export const SECRET_WORDS = { docName: 'Will kept at Smith and Jones', where: 'Top drawer of the oak desk', music: 'Clair de Lune', task: 'Call the bank in Leeds' };

/**
 * An owner with three accepted trustees (grace and alan get kits, mary does not), keys open on
 * one device, a document on the server, and the device's database synced, holding a plan and a
 * survivor task besides. `sent` collects every body the device sends.
 */
export async function setup() {
  const t = createTestApp();
  const o = await ownerOn(t);
  for (const who of ['grace', 'alan', 'mary']) await o.addTrustee(who, 'full');
  await t.services.scheduler.runOnce();
  for (const who of ['grace', 'alan', 'mary']) {
    const invite = outboxFiles(t.deps.config.dataDir).find((e) => e.to.includes(o.addr(who)) && /asked you to be a trustee/.test(e.subject))!;
    expect((await o.open(invite.links[0]!, 'POST')).status).toBe(200);
  }
  const keys = await makeDeviceKeys(o.userId, o.password, 'msg:letter1');
  expect((await t.call('POST', '/api/keys/setup', keys.body, o.cookie)).status).toBe(201);
  const session = createKeySession({ api: apiOver(o.t.call, o.cookie), device: createDeviceKeyStore(`keys-${Math.random()}`), derive: rememberedDerive }); // the unlock key makeDeviceKeys derived (test-keys.ts)
  await session.getState().restore(o.userId);
  await session.getState().unlock(o.password);
  const s = session.getState();
  const doc = await o.post('/api/documents', { documentType: 'will', documentName: SECRET_WORDS.docName, documentUrl: 'https://files.example.com/will.pdf', originalLocation: SECRET_WORDS.where });
  const other = await o.post('/api/documents', { documentType: 'insurance', documentName: 'Car insurance', documentUrl: 'https://files.example.com/car.pdf' });

  const db = await openOnDevice(o.userId, () => t.deps.now());
  const sync = async () => {
    const engine = createSyncEngine({ db, transport: appTransport(t, o.cookie), env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
  };
  await sync();
  const now = new Date(t.deps.now()).toISOString();
  await db.write('deathPlan', o.userId, { location: 'Hill', musicSelections: [SECRET_WORDS.music], createdAt: now });
  await db.write('survivorTasks', 'task-1', { title: SECRET_WORDS.task, description: 'Close the joint account', category: 'financial', timeframe: '1w', priority: 1, automationLevel: 'manual-with-guidance', completionStatus: 'not-started', createdAt: now });
  const trustees = (await db.dexie.entities('trustees').toArray()) as Trustee[];
  const byName = (n: string) => trustees.find((x) => x.name.startsWith(n))!;

  const api = apiOver(t.call, o.cookie);
  await makeKits({ api, account: o.userId, withAccountKey: s.withAccountKey, keyring: s.keyring! }, { k: 2, trustees: [byName('Grace'), byName('Alan')].map((x) => ({ trusteeId: x.id, level: 'full' as const })), state: await getKits(api) });

  const sent: unknown[] = [];
  const gates = new Map<string, string>(); // the last gate sent per trustee id (PUT /api/emergency/trustees/:id)
  const recording: Api = (path, init) => {
    if (init?.body !== undefined) sent.push(init.body);
    const gate = (init?.body as { gate?: unknown } | undefined)?.gate;
    if (typeof gate === 'string') gates.set(decodeURIComponent(path.split('/').at(-1)!), gate);
    return api(path, init);
  };
  // What the device last sealed is kept in its database, as in the app (EmergencyFollow, the dialog).
  const deps = { api: recording, account: o.userId, withAccountKey: s.withAccountKey, device: createDeviceKeyStore(`pins-${Math.random()}`), sealed: sealedCopiesIn(db.dexie), deleted: deletionsIn(db) };
  const source = async (): Promise<ShareSource> => ({
    documents: (await db.dexie.entities('documents').toArray()) as LegalDocument[],
    deathPlan: ((await db.dexie.entities('deathPlan').get(o.userId)) ?? null) as DeathPlan | null,
    survivorTasks: (await db.dexie.entities('survivorTasks').toArray()) as SurvivorTask[],
    trustees: (await db.dexie.entities('trustees').toArray()) as Trustee[],
    messages: [],
  });
  return { t, o, s, db, doc, other, deps, sent, gates, source, byName, sync };
}

/** What the server holds for `trusteeId` (the last gate sent for it), opened by the trustee's page's own opener (shared/emergency-bundle.ts) with their kit's t. */
export async function openHeld(x: Awaited<ReturnType<typeof setup>>, trusteeId: string): Promise<{ items: EmergencyItem[] }> {
  const row = x.t.deps.db.prepare('SELECT gate, wrap, bundle, generation FROM emergency_settings WHERE user_id = ? AND trustee_id = ?').get(x.o.userId, trusteeId) as { gate: string; wrap: string; bundle: string; generation: number };
  const kits = await getKits(apiOver(x.t.call, x.o.cookie));
  const made = await x.s.withAccountKey((ak) => openOwnerCopy(ak, x.o.userId, (kits.current ?? kits.pending)!.ownerCopy));
  const t = made.kits.find((k) => k.trusteeId === trusteeId)!.kit.t;
  // The server holds the gate sealed under its release key (sync-server/sharing/gate-seal.ts) and
  // serves it, as the device sent it, only to a granted trustee: the gate here is the one sent.
  const gate = x.gates.get(trusteeId)!;
  expect(row.gate).not.toBe(gate);
  const opened = await openEmergencyAccess({ account: x.o.userId, trusteeId, generation: row.generation }, t, { ...row, gate });
  if (opened.kind !== 'open') throw new Error(`the held bundle did not open: ${opened.why}`);
  expect(opened.notShown).toBe(0);
  return opened;
}

/** The device's send deps (pending-choices.ts) over `api`, writing what the server took into the trustee's record on the device. */
export const sendDeps = (x: Awaited<ReturnType<typeof setup>>, api: Api = x.deps.api, online = () => true): SendDeps => ({
  ...x.deps,
  api,
  online,
  now: () => x.t.deps.now(),
  writeChoice: async (id, emergency) => void (await x.db.write('trustees', id, { emergency })),
  changeWaits: (collection, id) => recordChangeWaits(x.db.dexie, collection, id),
});
/** The device's api over the real app, where `meanwhile` (another device's change) lands just after the first read of what the server holds (GET /api/emergency). */
export function racingApi(x: Awaited<ReturnType<typeof setup>>, meanwhile: () => Promise<void>): Api {
  let raced = false;
  return async (path, init) => {
    const res = await x.deps.api(path, init);
    if (path === '/api/emergency' && !raced) {
      raced = true;
      await meanwhile();
    }
    return res as never;
  };
}

/** Grace given emergency access at version 1, in the server and in her record on the device, and the device's queue of choices kept offline. */
export async function withChoice() {
  const x = await setup();
  const grace = x.byName('Grace');
  const first: EmergencyChoice = { ...choiceOf(x.doc), version: 1 };
  await sealEmergency(x.deps, grace, first, await x.source(), { basedOn: 0 });
  await x.db.write('trustees', grace.id, { emergency: first });
  return { x, grace, first, queue: pendingChoicesIn(x.db.dexie) };
}

/** What the server holds for the owner (GET /api/emergency). */
export const heldOn = (x: Awaited<ReturnType<typeof setup>>) => x.o.get<{ settings: Array<{ trusteeId: string; waitHours: number; choiceVersion: number | null }>; choiceVersions: Record<string, number> }>('/api/emergency');
/** The emergency choice in trustee `id`'s record on the device. */
export const recordOf = async (x: Awaited<ReturnType<typeof setup>>, id: string) => ((await x.db.dexie.entities('trustees').get(id)) as Trustee).emergency;

export const choiceOf = (doc: { id: string }): EmergencyChoice => ({ items: [{ kind: 'document', id: doc.id }, { kind: 'plan-section', id: 'music' }, { kind: 'task-list', id: 'financial' }], waitHours: 48, position: 0 });

