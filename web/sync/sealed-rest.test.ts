/**
 * The REST API of SPEC.md §7 for a sealed account (shared/sync/README.md rules 16, 24; README.md
 * "API", "Sealed accounts"): a third-party client seals each sealed field itself at an HLC it
 * chooses and sends `id` and `hlc` with the envelopes; the server checks them as a push and writes
 * at exactly that HLC, so a device over the real sync engine opens every field. The real Hono app
 * over a SQLite file, Dexie over fake-indexeddb.
 */
import { describe, expect, it } from 'vitest';
import { seal } from '../../shared/crypto/envelope';
import { sealedScope } from '../../shared/crypto/fields';
import type { CollectionName } from '../../shared/schema/collection-names';
import type { UserDatabase } from '../db/user-database';
import { createSyncEngine } from './engine';
import { createSealedWorld, type SealedWorld } from './test-sealed';

/** An HLC at wall time `ms` (rule 2) from a REST client's own node id. */
const hlcAt = (ms: number, counter = 0) => `${String(ms).padStart(15, '0')}-${counter.toString(36).padStart(4, '0')}-00000000000000aa`;

/** One sync of a fresh device of the account; returns it (opened). */
async function pulledDevice(w: SealedWorld): Promise<UserDatabase> {
  const db = await w.device();
  const engine = createSyncEngine({ db, transport: w.transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
  await engine.syncNow();
  await engine.stop();
  expect(engine.snapshot().unopened).toBeUndefined();
  return db;
}

/** Seals `values` (stored field → value) of `collection/id` at `hlc` with the account's current keys, as a REST client does. */
async function sealAll(w: SealedWorld, collection: CollectionName, id: string, hlc: string, values: Record<string, unknown>) {
  const ring = await w.accountRing();
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    const key = ring.current(sealedScope(collection, id, field)!)!;
    out[field] = await seal(key, { userId: w.userId, collection, recordId: id, field }, hlc, value);
  }
  return out;
}

/** A sealed message body for POST /api/messages: its id, HLC, plain fields and envelopes. */
async function sealedMessage(w: SealedWorld, id: string, hlc: string, content: string) {
  await (await w.keysFor()).addScope(`msg:${id}`); // a new message's own key first (rule 25)
  const sealed = await sealAll(w, 'messages', id, hlc, { recipientName: 'Kim', messageType: 'text', messageContent: content });
  return { id, hlc, recipientEmail: 'kim@example.com', deliveryDate: null, recipientName: sealed.recipientName!, messageType: sealed.messageType!, messageContent: sealed.messageContent! };
}

describe('REST for a sealed account (rule 24)', () => {
  it('POST /api/messages with envelopes sealed at the client’s HLC: a device pulls it and opens every field; GET answers the envelopes', async () => {
    const w = await createSealedWorld();
    w.t.advance(1000);
    const hlc = hlcAt(w.t.deps.now());
    const body = await sealedMessage(w, 'restmsg1', hlc, 'Dear Kim, written by a REST client.');
    const res = await w.t.call('POST', '/api/messages', body, w.cookie);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ id: 'restmsg1', recipientEmail: 'kim@example.com', messageContent: body.messageContent, delivered: false });
    const listed = (await (await w.t.call('GET', '/api/messages', undefined, w.cookie)).json()) as Record<string, unknown>[];
    expect(listed.find((m) => m.id === 'restmsg1')).toMatchObject({ recipientName: body.recipientName, messageType: body.messageType });

    const db = await pulledDevice(w);
    expect(await db.dexie.entities('messages').get('restmsg1')).toMatchObject({
      recipientName: 'Kim',
      messageType: 'text',
      messageContent: 'Dear Kim, written by a REST client.',
      recipientEmail: 'kim@example.com',
      delivered: false,
    });
    db.close();
  });

  it('PATCH with an HLC older than the field’s clock answers 409 with the current clocks and changes nothing; a newer one is written', async () => {
    const w = await createSealedWorld();
    w.t.advance(1000);
    const first = hlcAt(w.t.deps.now(), 5);
    expect((await w.t.call('POST', '/api/messages', await sealedMessage(w, 'restmsg2', first, 'First words.'), w.cookie)).status).toBe(201);
    const before = await (await w.t.call('GET', '/api/messages', undefined, w.cookie)).text();

    const stale = hlcAt(w.t.deps.now(), 4);
    const staleBody = { hlc: stale, ...(await sealAll(w, 'messages', 'restmsg2', stale, { messageContent: 'Stale words.' })) };
    const res = await w.t.call('PATCH', '/api/messages/restmsg2', staleBody, w.cookie);
    expect(res.status).toBe(409);
    const answer = (await res.json()) as { error: string; issues: { path: string }[]; clocks: Record<string, string> };
    expect(answer.error).toMatch(/hlc/);
    expect(answer.issues[0]!.path).toBe('hlc');
    expect(answer.clocks.messageContent).toBe(first);
    expect(await (await w.t.call('GET', '/api/messages', undefined, w.cookie)).text()).toBe(before);

    const equal = { hlc: first, ...(await sealAll(w, 'messages', 'restmsg2', first, { messageContent: 'Same clock.' })) };
    expect((await w.t.call('PATCH', '/api/messages/restmsg2', equal, w.cookie)).status).toBe(409); // strictly newer

    w.t.advance(1000);
    const later = hlcAt(w.t.deps.now());
    const ok = await w.t.call('PATCH', '/api/messages/restmsg2', { hlc: later, ...(await sealAll(w, 'messages', 'restmsg2', later, { messageContent: 'Second words.' })) }, w.cookie);
    expect(ok.status).toBe(200);
    const db = await pulledDevice(w);
    expect(await db.dexie.entities('messages').get('restmsg2')).toMatchObject({ messageContent: 'Second words.', recipientName: 'Kim' });
    db.close();
  });

  it('a list field by REST: items with their ids, each sealed for `field/<itemId>`; the device opens them item by item, in order', async () => {
    const w = await createSealedWorld();
    w.t.advance(1000);
    const hlc = hlcAt(w.t.deps.now());
    const id = 'resttask1';
    const scalars = await sealAll(w, 'survivorTasks', id, hlc, {
      title: 'Close the bank account',
      description: 'Call the bank.',
      category: 'financial',
      timeframe: '1w',
      automationLevel: 'manual-with-guidance',
      priority: 2,
      automationSteps: null,
    });
    delete scalars.automationSteps;
    const items = await sealAll(w, 'survivorTasks', id, hlc, { 'resources/rb': { text: 'The will', pos: 2 }, 'resources/ra': { text: 'The bank card', pos: 1 } });
    const resources = { rb: items['resources/rb'], ra: items['resources/ra'] };
    const res = await w.t.call('POST', '/api/survivor-tasks', { id, hlc, ...scalars, resources }, w.cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    expect(((await res.json()) as { resources: unknown }).resources).toEqual(resources);

    const db = await pulledDevice(w);
    expect(await db.dexie.entities('survivorTasks').get(id)).toMatchObject({ title: 'Close the bank account', priority: 2, resources: ['The bank card', 'The will'] });
    db.close();

    w.t.advance(1000);
    const later = hlcAt(w.t.deps.now());
    const added = await sealAll(w, 'survivorTasks', id, later, { 'resources/rc': { text: 'The car papers', pos: 3 } });
    const patch = await w.t.call('PATCH', `/api/survivor-tasks/${id}`, { hlc: later, resources: { ra: null, rc: added['resources/rc'] } }, w.cookie);
    expect(patch.status, await patch.clone().text()).toBe(200);
    const again = await pulledDevice(w);
    expect(await again.dexie.entities('survivorTasks').get(id)).toMatchObject({ resources: ['The will', 'The car papers'] });
    again.close();
  });

  it('the death plan and the profile take the sealed form too: musicSelections item by item, lastName as an envelope', async () => {
    const w = await createSealedWorld();
    await (await w.keysFor()).addScope('plan');
    w.t.advance(1000);
    const hlc = hlcAt(w.t.deps.now());
    const plan = await sealAll(w, 'deathPlan', w.userId, hlc, { obituary: 'A curious life.', 'musicSelections/s2': { text: 'Clair de lune', pos: 2 }, 'musicSelections/s1': { text: 'Gymnopédie', pos: 1 } });
    const created = await w.t.call('POST', '/api/death-plan', { hlc, obituary: plan.obituary, musicSelections: { s1: plan['musicSelections/s1'], s2: plan['musicSelections/s2'] } }, w.cookie);
    expect(created.status, await created.clone().text()).toBe(201);
    const profile = await sealAll(w, 'profile', w.userId, hlc, { lastName: 'Lovelace-King' });
    const patched = await w.t.call('PATCH', '/api/user/profile', { hlc, lastName: profile.lastName, firstName: 'Ada' }, w.cookie);
    expect(patched.status, await patched.clone().text()).toBe(200);
    // The profile answers only its plain fields for a sealed account (accounts/user-json.ts: the app's
    // session user must never carry envelope text); the device opens the stored envelope.
    expect(await patched.json()).toMatchObject({ firstName: 'Ada', lastName: '' });

    const db = await pulledDevice(w);
    expect(await db.dexie.entities('deathPlan').get(w.userId)).toMatchObject({ obituary: 'A curious life.', musicSelections: ['Gymnopédie', 'Clair de lune'] });
    expect(await db.dexie.entities('profile').get(w.userId)).toMatchObject({ lastName: 'Lovelace-King', firstName: 'Ada' });
    db.close();
    const plainPlan = await w.t.call('PATCH', `/api/death-plan/${w.userId}`, { obituary: 'Plain words.' }, w.cookie);
    expect(plainPlan.status).toBe(422);
  });

  it('plain text into a sealed field is 422 with the clear error; a missing hlc or id is 422 naming it; an HLC far ahead is 422', async () => {
    const w = await createSealedWorld();
    w.t.advance(1000);
    const hlc = hlcAt(w.t.deps.now());
    const plain = await w.t.call('POST', '/api/messages', { id: 'restmsg3', hlc, recipientName: 'Kim', recipientEmail: 'kim@example.com', messageType: 'text', messageContent: 'Plain words', deliveryDate: null }, w.cookie);
    expect(plain.status).toBe(422);
    expect(await plain.json()).toMatchObject({ error: expect.stringMatching(/^messages\.recipientName: must be sealed/), issues: [expect.objectContaining({ path: 'recipientName' })] });

    const { hlc: _h, ...noHlc } = await sealedMessage(w, 'restmsg4', hlc, 'Words.');
    const missingHlc = await w.t.call('POST', '/api/messages', noHlc, w.cookie);
    expect(missingHlc.status).toBe(422);
    expect(await missingHlc.json()).toMatchObject({ error: expect.stringMatching(/hlc/), issues: [expect.objectContaining({ path: 'hlc' })] });

    const { id: _i, ...noId } = await sealedMessage(w, 'restmsg5', hlc, 'Words.');
    const missingId = await w.t.call('POST', '/api/messages', noId, w.cookie);
    expect(missingId.status).toBe(422);
    expect(await missingId.json()).toMatchObject({ issues: [expect.objectContaining({ path: 'id' })] });

    const ahead = hlcAt(w.t.deps.now() + 10 * 60_000);
    const farAhead = await w.t.call('POST', '/api/messages', await sealedMessage(w, 'restmsg6', ahead, 'Words.'), w.cookie);
    expect(farAhead.status).toBe(422);
    expect(await farAhead.json()).toMatchObject({ issues: [expect.objectContaining({ path: 'hlc' })] });

    // An envelope sealed for another record is refused by the device, never written as this one's
    // content: the server cannot tell, the device's open does (rule 26); a wrong scope it can tell.
    const wrongScope = await sealedMessage(w, 'restmsg7', hlc, 'Words.');
    const swapped = await w.t.call('POST', '/api/messages', { ...wrongScope, messageContent: wrongScope.recipientName }, w.cookie);
    expect(swapped.status).toBe(422);
    expect(await swapped.json()).toMatchObject({ issues: [expect.objectContaining({ path: 'messageContent' })] });

    // A hostile body: a list item named like a kept version, an array body, an unknown field.
    const task = await w.t.call('POST', '/api/survivor-tasks', { id: 'resttask9', hlc, resources: { 'a~conflict/x': null } }, w.cookie);
    expect(task.status).toBe(422);
    expect(await task.json()).toMatchObject({ issues: [expect.objectContaining({ path: 'resources.a~conflict/x' })] });
    expect((await w.t.call('POST', '/api/messages', [wrongScope], w.cookie)).status).toBe(400);
    const unknown = await w.t.call('POST', '/api/messages', { ...wrongScope, messageContent: wrongScope.messageType, _restorable: null }, w.cookie);
    expect(unknown.status).toBe(400);

    const listed = (await (await w.t.call('GET', '/api/messages', undefined, w.cookie)).json()) as unknown[];
    expect(listed).toEqual([]);
  });

  it('creating over an existing id is 409; an account not sealed keeps plain REST with the server’s own clock', async () => {
    const w = await createSealedWorld();
    w.t.advance(1000);
    const hlc = hlcAt(w.t.deps.now());
    expect((await w.t.call('POST', '/api/messages', await sealedMessage(w, 'restmsg8', hlc, 'One.'), w.cookie)).status).toBe(201);
    w.t.advance(1000);
    const again = await w.t.call('POST', '/api/messages', await sealedMessage(w, 'restmsg8', hlcAt(w.t.deps.now()), 'Two.'), w.cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ issues: [expect.objectContaining({ path: 'id' })] });

    w.t.deps.db.prepare('UPDATE account_keys SET sealed_at = NULL WHERE user_id = ?').run(w.userId); // not sealed (yet)
    const plain = await w.t.call('POST', '/api/trustees', { name: 'Plain Bob', email: 'bob@example.com', accessLevel: 'full' }, w.cookie);
    expect(plain.status).toBe(201);
    expect(await plain.json()).toMatchObject({ name: 'Plain Bob' });
  });
});
