/**
 * A server that lies about a letter's sealed delivery choice (issue 39 "No back door", attack 4;
 * SECURITY.md "What this device pins", "Freshness"): the owner's device code (Dexie over
 * fake-indexeddb, the real sync engine, delivery-choice.ts) against the real Hono app over a real
 * SQLite file, the answers to `POST /api/sync` rewritten by the test.
 *
 * A new letter seals its delivery choice when it is made (the default, "the server delivers it"),
 * so "never chosen" is a letter from before, and a choice the server strips from a pull is caught
 * like any other missing sealed field: it decides nothing and the person is told. A changed choice
 * is sealed (in the outbox) before the wraps it justifies are sent, so an answer lost on the way
 * leaves the letter's record and the server's list in agreement.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { SyncResponse } from '../../shared/sync/protocol';
import type { Api } from '../../web/features/keys/sign-in';
import { loadDeliveryState, saveDeliveryChoice, syncDeliveryChoices } from '../../web/features/message-vault/delivery-choice';
import { sealedChoicesOf } from '../../web/features/message-vault/sealed-choice';
import { letterAddressNotice } from '../../web/features/message-vault/address-check';
import { ADDRESS_UNCHECKED_WORDS, SEAL_ADDRESS_LABEL } from '../../web/features/keys/refusal-words';
import { resealAddress } from '../../web/features/keys/address-copies';
import { refusedIds } from '../../web/db/refused-fields';
import { formatHlc } from '../../shared/sync/hlc';
import { createSyncEngine } from '../../web/sync/engine';
import type { Transport } from '../../web/sync/transport';
import { sealedWithKits } from '../test/message-key-test-support';
import { openForm } from '../../web/forms/test-form';
import { formToMessage, messageToForm } from '../../web/features/message-vault/message-form';

/** `transport` whose answers have `field` of every message taken out, as a lying server would serve them. */
const stripping =
  (transport: Transport, field = 'delivery'): Transport =>
  async (...args) => {
    const res: SyncResponse = await transport(...args);
    return {
      ...res,
      records: res.records.map((r) => {
        if (r.collection !== 'messages') return r;
        const { [field]: _v, ...values } = r.values;
        const { [field]: _c, ...clocks } = r.clocks;
        return { ...r, values, clocks };
      }),
    };
  };

describe('a letter\'s sealed delivery choice cannot be taken away unnoticed', () => {
  it('a new letter seals the default choice when it is made; a server that strips it from a pull is refused on another device, which decides nothing for it and says so', async () => {
    const { w, db } = await sealedWithKits();
    expect(await sealedChoicesOf(db).read('m1')).toEqual({ mode: 'server', trustees: [] });

    const db2 = await w.device();
    const engine = createSyncEngine({ db: db2, transport: stripping(w.transport), keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
    const choices = sealedChoicesOf(db2);
    expect(await choices.read('m1')).toBeUndefined(); // not "never chosen", which the server's list would decide
    expect(await choices.read('m2')).toBeUndefined();
    expect((await db2.dexie.sealErrors.toArray()).map((e) => `${e.id}/${e.field}: ${e.error}`).sort()).toEqual(['m1/delivery: rolled-back', 'm2/delivery: rolled-back']);
    expect(engine.snapshot().unopened).toMatch(/Messages/);
    expect(await db2.dexie.entities('messages').get('m1')).toMatchObject({ recipientName: 'Annabella' }); // the rest of the letter is kept
  });

  it('a changed choice is in the outbox before its wraps are sent: when the answer to them is lost, the record and the list still agree; when they are refused, the record keeps the old choice', async () => {
    const { api, device, db } = await sealedWithKits();
    const owner = { ...device, choices: sealedChoicesOf(db) };
    expect(await syncDeliveryChoices(owner, ['m1', 'm2'])).toEqual({ updated: 2, unbound: [] });
    /** Whether the sealed choice was waiting in the outbox when the wraps went, and what befalls them: saved with the answer lost, or refused. */
    let sealedFirst: boolean | null = null;
    let fate: 'lost' | 'refused' = 'lost';
    const lossy: Api = async <T,>(path: string, init: { method?: string; body?: unknown } = {}) => {
      if (init.method !== 'PUT' || path !== '/api/kits/messages') return api<T>(path, init);
      sealedFirst = (await db.dexie.outbox.toArray()).some((c) => c.id === 'm2' && 'delivery' in c.fields);
      if (fate === 'refused') throw Object.assign(new Error('Service unavailable'), { status: 503 });
      await api(path, init); // the server saves the wraps ...
      throw new TypeError('Failed to fetch'); // ... and the answer never arrives
    };
    const deps = { ...owner, api: lossy };
    await expect(saveDeliveryChoice(deps, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2'] })).rejects.toThrow('Failed to fetch');
    expect(sealedFirst).toBe(true);
    expect(await owner.choices.read('m2')).toEqual({ mode: 'trustee', trustees: ['tr2'] });
    expect(await syncDeliveryChoices(owner, ['m1', 'm2'])).toEqual({ updated: 0, unbound: [] }); // in agreement: no refusal

    fate = 'refused';
    sealedFirst = null;
    await expect(saveDeliveryChoice(deps, await loadDeliveryState(api), 'm2', { mode: 'server', trustees: [] })).rejects.toThrow('Service unavailable');
    expect(sealedFirst).toBe(true);
    expect(await owner.choices.read('m2')).toEqual({ mode: 'trustee', trustees: ['tr2'] }); // the choice the server still holds
    expect(await syncDeliveryChoices(owner, ['m1', 'm2'])).toEqual({ updated: 0, unbound: [] });
  });

  it('a save answered 5xx after the server kept the wraps keeps the choice (the list decides); a save from a device whose stored choice was refused never writes "the server delivers it" in its place', async () => {
    const { w, api, device, db } = await sealedWithKits();
    const owner = { ...device, choices: sealedChoicesOf(db) };
    await syncDeliveryChoices(owner, ['m1', 'm2']);
    const gateway: Api = async <T,>(path: string, init: { method?: string; body?: unknown } = {}) => {
      if (init.method !== 'PUT' || path !== '/api/kits/messages') return api<T>(path, init);
      await api(path, init); // the server saves the wraps; a proxy answers 502
      throw Object.assign(new Error('Bad gateway'), { status: 502 });
    };
    await expect(saveDeliveryChoice({ ...owner, api: gateway }, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2'] })).rejects.toThrow('Bad gateway');
    expect(await owner.choices.read('m2')).toEqual({ mode: 'trustee', trustees: ['tr2'] }); // what the server holds
    expect(await syncDeliveryChoices(owner, ['m1', 'm2'])).toEqual({ updated: 0, unbound: [] });

    // Another device whose pull had the choice stripped (refused, unknown here); the server refuses the new wraps.
    const db2 = await w.device();
    const engine = createSyncEngine({ db: db2, transport: stripping(w.transport), keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
    expect(await sealedChoicesOf(db2).read('m1')).toBeUndefined();
    const refusing: Api = async <T,>(path: string, init: { method?: string; body?: unknown } = {}) => {
      if (init.method !== 'PUT' || path !== '/api/kits/messages') return api<T>(path, init);
      throw Object.assign(new Error('Conflict'), { status: 409 });
    };
    const other = { ...device, choices: sealedChoicesOf(db2), api: refusing };
    await expect(saveDeliveryChoice(other, await loadDeliveryState(api), 'm1', { mode: 'trustee', trustees: ['tr2'] })).rejects.toThrow('Conflict');
    expect(((await db2.dexie.entities('messages').get('m1')) as { delivery?: unknown }).delivery).toEqual({ mode: 'trustee', trustees: ['tr2'] }); // the person's wish, not a default nobody chose
  });

  it('a letter\'s sealed address copy left out by the server: the vault on another device says the address cannot be checked, never vouching for the server\'s', async () => {
    const { w } = await sealedWithKits();
    const attacker = 'attacker@evil.example';
    await w.t.services.store.applyChanges(w.userId, [{ collection: 'messages', id: 'm1', hlc: formatHlc({ ms: w.t.deps.now() + 1000, counter: 0, node: 'ffffffffffffffff' }), fields: { recipientEmail: attacker } }]);
    const db2 = await w.device();
    const engine = createSyncEngine({ db: db2, transport: stripping(w.transport, 'sealedRecipientEmail'), keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
    const m1 = (await db2.dexie.entities('messages').get('m1'))!;
    expect(m1.recipientEmail).toBe(attacker);
    const refused = await refusedIds(db2, 'messages', 'sealedRecipientEmail');
    expect(letterAddressNotice(m1, refused.has('m1'))).toBe(ADDRESS_UNCHECKED_WORDS(false));
    expect(ADDRESS_UNCHECKED_WORDS(false)).toMatch(/the address shown is your server’s/);
    expect(ADDRESS_UNCHECKED_WORDS(false)).toContain(`choose “${SEAL_ADDRESS_LABEL}”`);
  });

  it('“Seal this address” writes a fresh sealed copy even when the device already holds one; the server keeps it, and the next pull opens it', async () => {
    const { w, db, addr } = await sealedWithKits();
    const sync = async (into = db, transport = w.transport) => {
      const engine = createSyncEngine({ db: into, transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
      await engine.syncNow();
      await engine.stop();
    };
    await sync();
    // The owner's device holds its own copy; the server leaves it out of a pull: refused, the kept copy shown.
    w.t.advance(60_000);
    await w.t.services.store.applyChanges(w.userId, [{ collection: 'messages', id: 'm1', hlc: formatHlc({ ms: w.t.deps.now(), counter: 0, node: 'ffffffffffffffff' }), fields: { recipientEmail: addr('annabella') } }]);
    await sync(db, stripping(w.transport, 'sealedRecipientEmail'));
    const m1 = (await db.dexie.entities('messages').get('m1'))!;
    expect(m1.sealedRecipientEmail).toBe(addr('annabella'));
    expect((await refusedIds(db, 'messages', 'sealedRecipientEmail')).has('m1')).toBe(true);
    expect(letterAddressNotice(m1, true)).toBe(ADDRESS_UNCHECKED_WORDS(true));
    expect(ADDRESS_UNCHECKED_WORDS(true)).toMatch(/the copy this device kept/);

    const before = (await w.t.services.store.get(w.userId, 'messages', 'm1'))!.clocks.sealedRecipientEmail;
    w.t.advance(60_000);
    expect(await resealAddress(db, 'messages', 'm1')).toBe(addr('annabella'));
    const out = (await db.dexie.outbox.toArray()).filter((c) => c.id === 'm1');
    expect(out.map((c) => Object.keys(c.fields).filter((f) => f === 'sealedRecipientEmail' || f === 'recipientEmail').sort())).toEqual([['recipientEmail', 'sealedRecipientEmail']]);
    expect((await refusedIds(db, 'messages', 'sealedRecipientEmail')).has('m1')).toBe(false);
    await sync();
    const after = (await w.t.services.store.get(w.userId, 'messages', 'm1'))!.clocks.sealedRecipientEmail;
    expect(after > before!).toBe(true);
    const db2 = await w.device();
    await sync(db2);
    expect(await db2.dexie.entities('messages').get('m1')).toMatchObject({ recipientEmail: addr('annabella'), sealedRecipientEmail: addr('annabella') });
    expect((await refusedIds(db2, 'messages', 'sealedRecipientEmail')).size).toBe(0);
  });

  it('a device that has not pulled a letter saves it by id: it adds no delivery choice, and the owner\'s sealed choice on the server stays as it was', async () => {
    const { w, device, api, db } = await sealedWithKits();
    const owner = { ...device, choices: sealedChoicesOf(db) };
    await syncDeliveryChoices(owner, ['m1', 'm2']);
    expect(await saveDeliveryChoice(owner, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2'] })).toBe(true);
    const engine = createSyncEngine({ db, transport: w.transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
    const stored = async () => {
      const r = (await w.t.services.store.get(w.userId, 'messages', 'm2'))!;
      return { delivery: r.values.delivery, clock: r.clocks.delivery };
    };
    const before = await stored();
    expect(before.clock).toBeTruthy();

    w.t.advance(60_000); // later: a choice written now would win over the owner's
    // A second device opens m2's form by its id before its first pull (a link, a reload while offline) and saves a new name.
    const db2 = await w.device();
    const form = await openForm(db2, { collection: 'messages', id: 'm2', toForm: messageToForm, toRecord: formToMessage });
    for (const [f, v] of Object.entries({ recipientName: 'Bertie', recipientEmail: 'bertie@example.com', messageContent: 'Canary-Letter-Okapi' })) form.type(f as 'recipientName', v);
    expect(await form.session.save(undefined, { messageType: 'text' })).toBe('created');
    expect((await db2.dexie.outbox.toArray()).flatMap((c) => Object.keys(c.fields))).not.toContain('delivery');
    const engine2 = createSyncEngine({ db: db2, transport: w.transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await engine2.syncNow();
    await engine2.stop();
    expect(await stored()).toEqual(before);
    expect(await sealedChoicesOf(db2).read('m2')).toEqual({ mode: 'trustee', trustees: ['tr2'] });
  });

  it('a hand-over is never bound to an address this device refused: choosing a trustee is refused in words, and the background re-wrap leaves the letter as the server holds it', async () => {
    const { device, api, db, addr } = await sealedWithKits();
    const owner = { ...device, choices: sealedChoicesOf(db) };
    await syncDeliveryChoices(owner, ['m1', 'm2']);
    expect(await saveDeliveryChoice(owner, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2'] })).toBe(true);
    const listedTo = async (id: string) => (await loadDeliveryState(api)).messages.get(id)?.to;
    expect(await listedTo('m2')).toBe(addr('bert'));

    // m2 re-addressed, then its copy refused at a pull (as a lying server would make it): no re-wrap, no false "nobody to hand it over".
    await db.write('messages', 'm2', { recipientEmail: addr('bertie') });
    const refuse = (id: string) => db.dexie.sealErrors.put({ collection: 'messages', id, field: 'sealedRecipientEmail', error: 'rolled-back', hlc: formatHlc({ ms: 1, counter: 0, node: 'ffffffffffffffff' }), at: 0 });
    await refuse('m2');
    expect(await syncDeliveryChoices(owner, ['m1', 'm2'])).toEqual({ updated: 0, unbound: [] });
    expect(await listedTo('m2')).toBe(addr('bert'));
    await refuse('m1');
    await expect(saveDeliveryChoice(owner, await loadDeliveryState(api), 'm1', { mode: 'trustee', trustees: ['tr1'] })).rejects.toThrow(/address could not be checked on this device/);
    expect((await loadDeliveryState(api)).messages.get('m1')?.mode).toBe('server');

    // Once the copy is sealed again, the next re-wrap binds the new address.
    await db.dexie.sealErrors.delete(['messages', 'm2', 'sealedRecipientEmail']);
    expect(await syncDeliveryChoices(owner, ['m2'])).toEqual({ updated: 1, unbound: [] });
    expect(await listedTo('m2')).toBe(addr('bertie'));
  });
});
