/**
 * A server that lies about whom a trustee kit is for (issue 39 "No back door", attack 4): the
 * owner's device (Dexie over fake-indexeddb, the real sync engine) wrote three trustees and made
 * kits 2 of 3 at full access (owner copy under AK), against the real Hono app over a real SQLite
 * file. Then the server rewrites bob's plain address in its own store (the device pulls it) and
 * answers `GET /api/release/trustees` with another level for cy. The owner's screen code
 * (kit-plan.ts kitCandidates, make-kits.ts openHandouts, kit-check.ts) stops both kits with the
 * words KitRow.tsx shows in place of "Send by e-mail", "Share…", "Copy link" and "Print kit";
 * ann's kit goes to ann. Every request the device makes is recorded: none carries a kit. A new
 * device of the owner's, to which the server leaves out (or serves an older) sealed copy of an
 * address it rewrote, refuses the copy at its pull and stops that kit too, never vouching for the
 * server's address.
 */
import { describe, expect, it } from 'vitest';
import { formatHlc } from '../../../shared/sync/hlc';
import type { ServerRecord, SyncRequest } from '../../../shared/sync/protocol';
import type { ReleaseTrustee } from '../../../shared/schema/release';
import { encodeKitCode, kitFragment } from '../../../shared/crypto/trustee-kit';
import { refusedIds } from '../../../web/db/refused-fields';
import type { UserDatabase } from '../../../web/db/user-database';
import { KIT_ADDRESS_UNCHECKED_WORDS } from '../../../web/features/keys/refusal-words';
import { sealOlderAddresses } from '../../../web/features/keys/address-copies';
import { letterAddressNotice, ADDRESS_CHANGED_TEXT } from '../../../web/features/message-vault/address-check';
import { KIT_ADDRESS_CHANGED_TEXT, KIT_LEVEL_CHANGED_TEXT, kitAddress, kitHandoutProblem } from '../../../web/features/trustees/kits/kit-check';
import { kitCandidates } from '../../../web/features/trustees/kits/kit-plan';
import { kitMailto } from '../../../web/features/trustees/kits/kit-share';
import { getKits, shownGeneration } from '../../../web/features/trustees/kits/kits-api';
import { openHandouts } from '../../../web/features/trustees/kits/make-kits';
import { createSyncEngine } from '../../../web/sync/engine';
import { sealedWithKits } from '../../test/message-key-test-support';

const ORIGIN = 'http://afterword.test';
const ATTACKER = 'attacker@evil.example';

describe('a server that lies about a kit\'s address and level', () => {
  it('a rewritten address and another level stop the kit before anything is sent or printed, in words; the owner\'s own edits pass', async () => {
    const world = await sealedWithKits();
    const { w, addr, made, db, ak } = world;
    const sent: string[] = [];
    const lies = new Map<string, (real: unknown) => unknown>();
    /** The owner's screens' `api`, recording every body; a lie replaces the answer to its path. */
    const api = async <T,>(path: string, init?: { method?: string; body?: unknown }): Promise<T> => {
      if (init?.body !== undefined) sent.push(JSON.stringify(init.body));
      const real = await world.api<T>(path, init);
      const lie = lies.get(path);
      return (lie ? lie(real) : real) as T;
    };
    const keys = await w.keysFor();
    /** Syncs `into` (the owner's device by default); `served` rewrites the records of each answer as the lying server serves them. */
    const sync = async (into: UserDatabase = db, served: (r: ServerRecord) => ServerRecord = (r) => r) => {
      const transport = async (req: SyncRequest, signal?: AbortSignal) => {
        sent.push(JSON.stringify(req));
        const res = await w.transport(req, signal);
        return { ...res, records: res.records.map(served) };
      };
      const engine = createSyncEngine({ db: into, transport, keys, env: { locks: null }, intervalMs: 3_600_000 });
      await engine.syncNow();
      await engine.stop();
    };
    /** What the Trustees screen decides for each kit: its words when stopped, else the mailto: it offers. */
    const screen = async (from: UserDatabase = db) => {
      const gen = shownGeneration(await getKits(api))!;
      const handouts = await openHandouts({ account: w.userId, withAccountKey: (use) => use(ak) }, gen, ORIGIN);
      const people = { ownerName: 'Ada Byron', ownerFirstName: 'Ada', k: 2, n: 3 };
      const candidates = kitCandidates(await from.dexie.entities('trustees').toArray(), await api<ReleaseTrustee[]>('/api/release/trustees'), await refusedIds(from, 'trustees', 'sealedEmail'));
      return Object.fromEntries(
        candidates.map((c) => {
          const h = handouts.get(c.id)!;
          const problem = kitHandoutProblem(c, h);
          return [c.id, problem ?? kitMailto(kitAddress(c), { ...people, trusteeName: c.name }, h.link, h.fingerprint)];
        }),
      );
    };
    const mailtoOf = (who: string) => expect.stringMatching(new RegExp(`^mailto:${addr(who).replace(/[.]/g, '\\.')}\\?`));

    await sync();
    expect(await screen()).toEqual({ tr1: mailtoOf('ann'), tr2: mailtoOf('bob'), tr3: mailtoOf('cy') });
    /** bob's record as the server holds it now, his sealed copy of addr('bob') with it (served again below). */
    const older = structuredClone((await w.t.services.store.pull(w.userId, 0, 500)).records.find((r) => r.collection === 'trustees' && r.id === 'tr2')!);

    // The server writes another address over bob's in its own store; the device pulls it. (Its own
    // list would then show bob invited again at that address: a lying server keeps its earlier answer.)
    const before = await world.api<ReleaseTrustee[]>('/api/release/trustees');
    const hlc = formatHlc({ ms: w.t.deps.now() + 1000, counter: 0, node: 'ffffffffffffffff' });
    await w.t.services.store.applyChanges(w.userId, [{ collection: 'trustees', id: 'tr2', hlc, fields: { email: ATTACKER } }]);
    // And it lists cy with another level than the one sealed in the owner's copy of her kit.
    lies.set('/api/release/trustees', () => before.map((t) => (t.id === 'tr3' ? { ...t, accessLevel: 'messages-only' } : t)));
    sent.length = 0;
    await sync();
    const bob = (await db.dexie.entities('trustees').get('tr2')) as { email: string; sealedEmail: string };
    expect(bob).toMatchObject({ email: ATTACKER, sealedEmail: addr('bob') }); // the lie reached the device; the sealed copy held

    const decided = await screen();
    expect(decided).toEqual({ tr1: mailtoOf('ann'), tr2: KIT_ADDRESS_CHANGED_TEXT('bob', addr('bob')), tr3: KIT_LEVEL_CHANGED_TEXT('cy', 'Messages Only', 'Full Access') });
    expect(JSON.stringify(decided)).not.toContain(ATTACKER);
    expect(KIT_ADDRESS_CHANGED_TEXT('bob', addr('bob'))).toMatch(/Nothing was sent\./);
    // Nothing the device sent carries a kit (its link's fragment or its printed code), nor the false address back.
    const secrets = made.kits.flatMap((m) => [kitFragment(m.kit), encodeKitCode(m.kit)]);
    for (const body of sent) {
      for (const s of secrets) expect(body).not.toContain(s);
      expect(body).not.toContain(ATTACKER);
    }

    // The form sends the whole record when the owner edits something else: the server's address,
    // saved back unchanged, does not become the owner's word.
    await db.write('trustees', 'tr2', { name: 'bob', email: ATTACKER, phone: '555 0100', accessLevel: 'full' });
    expect(await db.dexie.entities('trustees').get('tr2')).toMatchObject({ email: ATTACKER, sealedEmail: addr('bob'), phone: '555 0100' });
    expect((await screen()).tr2).toBe(KIT_ADDRESS_CHANGED_TEXT('bob', addr('bob')));

    // The owner's own edits pass: bob's address saved again on the device, cy's kits made anew for her level.
    lies.clear();
    await db.write('trustees', 'tr2', { email: addr('bob2') });
    expect(await db.dexie.entities('trustees').get('tr2')).toMatchObject({ email: addr('bob2'), sealedEmail: addr('bob2') });
    await sync();
    await w.t.services.scheduler.runOnce(); // a new address is invited again, and accepts
    expect(await w.t.services.release.acceptInvitation(w.userId, 'tr2')).toBe(true);
    expect((await screen()).tr2).toEqual(mailtoOf('bob2'));

    // A new device of the owner's: the server rewrites bob's address again and leaves his sealed
    // copy out of what it serves, then serves his older copy (addr('bob')) with its own old HLC.
    const listed = await world.api<ReleaseTrustee[]>('/api/release/trustees');
    lies.set('/api/release/trustees', () => listed); // its earlier answer, bob accepted
    await w.t.services.store.applyChanges(w.userId, [{ collection: 'trustees', id: 'tr2', hlc: formatHlc({ ms: w.t.deps.now() + 5000, counter: 0, node: 'ffffffffffffffff' }), fields: { email: ATTACKER } }]);
    for (const [lie, served] of [
      ['left out', (r: ServerRecord) => (r.collection === 'trustees' && r.id === 'tr2' ? { ...r, values: { ...r.values, sealedEmail: undefined }, clocks: { ...r.clocks, sealedEmail: undefined } } : r)],
      ['an older copy', (r: ServerRecord) => (r.collection === 'trustees' && r.id === 'tr2' ? { ...r, values: { ...r.values, sealedEmail: older.values.sealedEmail }, clocks: { ...r.clocks, sealedEmail: older.clocks.sealedEmail } } : r)],
    ] as const) {
      const db2 = await w.device();
      await sync(db2, (r) => JSON.parse(JSON.stringify(served(r))) as ServerRecord);
      expect((await db2.dexie.entities('trustees').get('tr2'))?.email, lie).toBe(ATTACKER);
      const onNew = await screen(db2);
      expect(onNew.tr2, lie).toBe(KIT_ADDRESS_UNCHECKED_WORDS('bob', false)); // a new device kept no copy: the address is the server's
      expect(JSON.stringify(onNew), lie).not.toContain(ATTACKER);
      expect(onNew.tr1, lie).toEqual(mailtoOf('ann'));
    }
    expect(KIT_ADDRESS_UNCHECKED_WORDS('bob', false)).toMatch(/Nothing was sent\..*the address shown is your server’s|the address shown is your server’s.*Nothing was sent\./);
  });

  it('an address written before sealed copies gets its copy on the owner\'s device after its next sync, so a later rewrite by the server stops the kit and is named on the letter', async () => {
    const { w, addr, db, sync } = await sealedWithKits();
    // As an older device left them: bob's address and m1's with no sealed copy.
    await db.write('trustees', 'tr2', { sealedEmail: null });
    await db.write('messages', 'm1', { sealedRecipientEmail: null });
    await sync();
    expect(await db.dexie.entities('trustees').get('tr2')).toMatchObject({ email: addr('bob'), sealedEmail: null });

    const db2 = await w.device(); // the owner's next open, on another device: up to date first
    const sync2 = async () => {
      const engine = createSyncEngine({ db: db2, transport: w.transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
      await engine.syncNow();
      await engine.stop();
    };
    await sync2();
    // m1's plain address was refused at the pull (e.g. rolled back): this device holds an older one, which it must not vouch for.
    await db2.dexie.sealErrors.put({ collection: 'messages', id: 'm1', field: 'recipientEmail', error: 'rolled-back', hlc: formatHlc({ ms: 1, counter: 0, node: 'ffffffffffffffff' }), at: 0 });
    expect(await sealOlderAddresses(db2)).toBe(1);
    expect((await db2.dexie.entities('messages').get('m1')) as { sealedRecipientEmail?: unknown }).toMatchObject({ sealedRecipientEmail: null });
    await db2.dexie.sealErrors.delete(['messages', 'm1', 'recipientEmail']);
    expect(await sealOlderAddresses(db2)).toBe(1);
    expect(await sealOlderAddresses(db2)).toBe(0); // once
    await sync2();

    // The server now rewrites both addresses in its own store; the device pulls them.
    const hlc = formatHlc({ ms: w.t.deps.now() + 5000, counter: 0, node: 'ffffffffffffffff' });
    await w.t.services.store.applyChanges(w.userId, [
      { collection: 'trustees', id: 'tr2', hlc, fields: { email: ATTACKER } },
      { collection: 'messages', id: 'm1', hlc, fields: { recipientEmail: ATTACKER } },
    ]);
    await sync2();
    const listed = [{ id: 'tr2', invitation: 'accepted', accessLevel: 'full' }] as ReleaseTrustee[];
    const [bob] = kitCandidates(await db2.dexie.entities('trustees').toArray(), listed, await refusedIds(db2, 'trustees', 'sealedEmail'));
    expect(kitHandoutProblem(bob!, { level: 'full' })).toBe(KIT_ADDRESS_CHANGED_TEXT('bob', addr('bob')));
    expect(letterAddressNotice((await db2.dexie.entities('messages').get('m1'))!)).toBe(ADDRESS_CHANGED_TEXT(addr('annabella')));
  });
});
