/**
 * A server that lies about whom a hand-over letter is for (issue 39 "No back door", attack 4): the
 * owner's device (Dexie over fake-indexeddb, the real sync engine and delivery-choice code) wrote the
 * letters and chose "a trustee hands it over"; the real Hono app over a real SQLite file ran the
 * release through two kits; then the kit page's own code (web/release/kit/handovers.ts over
 * kitApi) runs against answers a test replaces, or against an address the server itself rewrote.
 * The page gives the address the owner sealed with the letter (shared/release/handover-links.ts),
 * says in words that the server's was refused, and never writes the server's address into a line,
 * a mailto: or a link; every request the page makes is recorded: none carries the letter's key.
 */
import { describe, expect, it } from 'vitest';
import { toB64url } from '../../../shared/crypto/bytes';
import type { HandoverJson } from '../../../shared/release/handover-links';
import { kitApi } from '../../../web/release/kit/api';
import { ADDRESS_REFUSED_TEXT, ADDRESS_UNSEALED_TEXT, handoverLineText, handoverLinks, handoverMailto, handoverNotices, NOT_OPENED_TEXT, withSealedAddresses } from '../../../web/release/kit/handovers';
import { handoverKey, handoverWrapContext } from '../../../shared/crypto/trustee-kit';
import { wrapKey } from '../../../shared/crypto/wrap';
import { loadDeliveryState, saveDeliveryChoice, syncDeliveryChoices } from '../../../web/features/message-vault/delivery-choice';
import { ADDRESS_CHANGED_TEXT, letterAddress, letterAddressNotice } from '../../../web/features/message-vault/address-check';
import type { Message } from '../../../shared/schema';
import { formatHlc } from '../../../shared/sync/hlc';
import type { ServerRecord } from '../../../shared/sync/protocol';
import { releaseThroughKits, sealedWithKits } from '../../test/message-key-test-support';

const ORIGIN = 'http://afterword.test';
const ATTACKER = 'attacker@evil.example';

/**
 * A released account whose letter m2 (to bert) bob (tr2) hands over; and bob's kit page, whose
 * `/handovers` answer `lie` may replace. `before` runs on the owner's side before the release.
 */
async function releasedHandover(before?: (world: Awaited<ReturnType<typeof sealedWithKits>>) => Promise<void>) {
  const world = await sealedWithKits();
  const { w, made, token, api } = world;
  /** The bodies the owner's device sends (the choices and their wraps). */
  const ownerSent: string[] = [];
  const device = { ...world.device, api: async <T,>(path: string, init?: { method?: string; body?: unknown }) => (init?.body !== undefined && ownerSent.push(JSON.stringify(init.body)), api<T>(path, init)) };
  expect(await syncDeliveryChoices(device, ['m1', 'm2'])).toEqual({ updated: 2, unbound: [] });
  expect(await saveDeliveryChoice(device, await loadDeliveryState(api), 'm2', { mode: 'trustee', trustees: ['tr2'] })).toBe(true);
  await before?.(world);
  await releaseThroughKits(w, made, token);
  const bobT = made.kits.find((m) => m.trusteeId === 'tr2')!.kit.t;
  const sent: Array<{ url: string; body: string }> = [];
  let lie: ((messages: HandoverJson[]) => HandoverJson[]) | null = null;
  const page = kitApi(token('tr2'), async (url, init) => {
    sent.push({ url, body: String(init?.body ?? '') });
    const res = await w.t.app.request(`${ORIGIN}${url}`, init);
    if (!lie || !url.endsWith('/handovers')) return res;
    const answer = (await res.json()) as { messages: HandoverJson[] };
    return Response.json({ messages: lie(answer.messages) });
  });
  const open = async () => handoverLinks(page, { account: w.userId }, await page.access(), { t: bobT }, ORIGIN);
  const m2Key = toB64url(world.ring.raw(world.ring.kids().find((k) => k.startsWith('msg:m2~'))!)!);
  return { ...world, sent, ownerSent, open, m2Key, bobT, setLie: (l: typeof lie) => (lie = l) };
}

/** Asserts that nothing the page shows or links to for `links` names `refused`, and that no request carried the letter's key. */
function expectNeverOffered(h: Awaited<ReturnType<typeof releasedHandover>>, links: Awaited<ReturnType<Awaited<ReturnType<typeof releasedHandover>>['open']>>['links'], refused: string) {
  for (const l of links) {
    const { line } = handoverLineText(l, 'Ada');
    expect(line).not.toContain(refused);
    expect(decodeURIComponent(handoverMailto(l, 'Ada'))).not.toContain(refused);
    expect(l.link.startsWith(`${ORIGIN}/r/d/`)).toBe(true);
  }
  for (const r of h.sent) expect(r.body).not.toContain(h.m2Key);
}

/** m2's key wrapped for bob as an older device wrapped it (hand-over version 1: no address in its context), as a server may still hold it. */
async function olderWrap(h: Awaited<ReturnType<typeof releasedHandover>>): Promise<string> {
  const kid = h.ring.kids().find((k) => k.startsWith('msg:m2~'))!;
  const bob = h.made.kits.find((m) => m.trusteeId === 'tr2')!;
  const key = await handoverKey(h.made.q, bob.gate, bob.kit.t, { account: h.w.userId, trusteeId: 'tr2', messageId: 'm2', generation: 1 });
  return wrapKey(key, h.ring.raw(kid)!, handoverWrapContext(h.w.userId, 'tr2', kid, 1));
}

describe('a server that lies about a hand-over letter\'s address', () => {
  it('the server\'s answer names attacker@evil.example: the page gives the address the owner sealed, refuses the other in words, and mails only there', async () => {
    const h = await releasedHandover();
    const honest = await h.open();
    expect(honest.links.map((l) => [l.messageId, l.recipientEmail, l.address])).toEqual([['m2', h.addr('bert'), 'sealed']]);
    expect(handoverLineText(honest.links[0]!, 'Ada').note).toBeNull();

    h.setLie((ms) => ms.map((m) => ({ ...m, recipientEmail: ATTACKER })));
    h.sent.length = 0;
    const lied = await h.open();
    expect(lied.links).toHaveLength(1);
    const [l] = lied.links;
    expect(l).toMatchObject({ messageId: 'm2', recipientEmail: h.addr('bert'), address: 'differs' });
    expect(l!.link).toBe(honest.links[0]!.link);
    expect(handoverLineText(l!, 'Ada')).toEqual({ line: `For ${h.addr('bert')}.`, note: ADDRESS_REFUSED_TEXT('Ada') });
    expect(handoverMailto(l!, 'Ada').startsWith(`mailto:${encodeURIComponent(h.addr('bert'))}?`)).toBe(true);
    expectNeverOffered(h, lied.links, ATTACKER);
    expect(h.sent.map((r) => r.body).filter(Boolean)).toEqual([]); // the page only reads
    // The page's list of messages names the sealed address too, not the server's.
    const listed = withSealedAddresses({ messages: [{ id: 'm1', recipientEmail: h.addr('annabella') }, { id: 'm2', recipientEmail: ATTACKER }] }, lied.links);
    expect(listed.messages.map((m) => m.recipientEmail)).toEqual([h.addr('annabella'), h.addr('bert')]);
  });

  it('the server rewrites the letter\'s stored address itself: the kit page still gives the sealed one and refuses the server\'s', async () => {
    const h = await releasedHandover();
    await h.w.t.services.records.write(h.w.userId, 'messages', 'm2', { recipientEmail: ATTACKER });
    expect((await h.w.t.services.records.get(h.w.userId, 'messages', 'm2'))!.recipientEmail).toBe(ATTACKER);
    const { links } = await h.open();
    expect(links.map((l) => [l.recipientEmail, l.address])).toEqual([[h.addr('bert'), 'differs']]);
    expectNeverOffered(h, links, ATTACKER);
  });

  it('a sealed address moved from another letter, or a path to another host, is refused: no link, no address named', async () => {
    const h = await releasedHandover();
    const m1 = await h.w.t.services.store.get(h.w.userId, 'messages', 'm1');
    const moved = { envelope: m1!.values.sealedRecipientEmail as string, hlc: m1!.clocks.sealedRecipientEmail! };
    // A wrap from before (version 1) relies on the sealed copy: a moved one gives no link.
    const older = await olderWrap(h);
    h.setLie((ms) => ms.map((m) => ({ ...m, wrap: older, to: undefined, recipientEmail: ATTACKER, sealedAddress: moved })));
    expect(await h.open()).toEqual({ links: [], notOpened: 0, unchecked: 1 });
    // A version 2 wrap proves an address the owner once gave, not that it is their last: a copy that
    // does not open leaves it unchecked too (the copy, held to the version, is the owner's last word).
    h.setLie((ms) => ms.map((m) => ({ ...m, recipientEmail: ATTACKER, sealedAddress: moved })));
    expect(await h.open()).toEqual({ links: [], notOpened: 0, unchecked: 1 });
    h.setLie((ms) => ms.map((m) => ({ ...m, path: '@evil.example/r/d/x' })));
    const other = await h.open();
    expect(other.links).toEqual([]);
    expect(other.notOpened).toBe(1);
  });

  it('an address the owner replaced, served again with its sealed copy and that copy\'s own old HLC, or the copy left out: no link, no address named', async () => {
    let old: ServerRecord | null = null;
    const h = await releasedHandover(async ({ w, db, sync, addr }) => {
      old = structuredClone(await w.t.services.store.get(w.userId, 'messages', 'm2'));
      await db.write('messages', 'm2', { recipientEmail: addr('bertie') });
      await sync();
    });
    const honest = await h.open();
    expect(honest.links.map((l) => [l.recipientEmail, l.address])).toEqual([[h.addr('bertie'), 'sealed']]);
    h.setLie((ms) => ms.map((m) => ({ ...m, recipientEmail: old!.values.recipientEmail as string, sealedAddress: { envelope: old!.values.sealedRecipientEmail as string, hlc: old!.clocks.sealedRecipientEmail! } })));
    h.sent.length = 0;
    expect(await h.open()).toEqual({ links: [], notOpened: 0, unchecked: 1 });
    h.setLie((ms) => ms.map((m) => ({ ...m, recipientEmail: ATTACKER, sealedAddress: null })));
    expect(await h.open()).toEqual({ links: [], notOpened: 0, unchecked: 1 });
    expect(h.sent.map((r) => r.body).filter(Boolean)).toEqual([]); // the page only reads
  });

  it('a server that leaves out the sealed copy and the record\'s version and names another address: the wrap, bound to the owner\'s address, does not open; no link, no address named, the trustee told', async () => {
    const h = await releasedHandover();
    // What the owner's device sent: the wraps name the address they are bound to, and never the key.
    const put = h.ownerSent.map((b) => JSON.parse(b) as { choices?: Array<{ messageId: string; choice: { handovers?: Array<{ to?: string }> } }> }).flatMap((b) => b.choices ?? []);
    expect(put.filter((c) => c.messageId === 'm2' && c.choice.handovers).map((c) => c.choice.handovers!.map((x) => x.to))).toEqual([[h.addr('bert')]]);
    for (const b of h.ownerSent) expect(b).not.toContain(h.m2Key);

    // Honest but with no copy (as a letter from before would be served): the binding alone proves the address.
    h.setLie((ms) => ms.map((m) => ({ ...m, sealedAddress: null, version: null })));
    expect((await h.open()).links.map((l) => [l.recipientEmail, l.address])).toEqual([[h.addr('bert'), 'sealed']]);

    // Another spelling of the bound address (case, or U+212A KELVIN SIGN, which lower-cases to 'k'):
    // the page gives the address as bound, never the server's spelling.
    const respelled = (a: string) => `\u212A${a.toUpperCase()}`;
    h.setLie((ms) => ms.map((m) => ({ ...m, to: respelled(m.to!), recipientEmail: respelled(m.to!), sealedAddress: null, version: null })));
    const spelled = await h.open();
    expect(spelled.links.length + spelled.notOpened).toBe(1);
    for (const l of spelled.links) expect(l.recipientEmail).not.toContain('\u212A');
    h.setLie((ms) => ms.map((m) => ({ ...m, to: m.to!.toUpperCase(), recipientEmail: m.to!.toUpperCase(), sealedAddress: null, version: null })));
    expect((await h.open()).links.map((l) => l.recipientEmail)).toEqual([h.addr('bert')]);

    // Only the record's address changed: the wrap still names the owner's, which it proves.
    h.setLie((ms) => ms.map((m) => ({ ...m, recipientEmail: ATTACKER, sealedAddress: null, version: null })));
    const proven = await h.open();
    expect(proven.links.map((l) => [l.recipientEmail, l.address])).toEqual([[h.addr('bert'), 'differs']]);
    expectNeverOffered(h, proven.links, ATTACKER);

    // The address the wrap names changed too, or left out: the wrap does not open.
    for (const lie of [
      (m: HandoverJson) => ({ ...m, recipientEmail: ATTACKER, sealedAddress: null, version: null, to: ATTACKER }),
      (m: HandoverJson) => {
        const { to: _to, ...rest } = m as HandoverJson & { to?: string };
        return { ...rest, recipientEmail: ATTACKER, sealedAddress: null, version: null };
      },
    ]) {
      h.setLie((ms) => ms.map(lie));
      h.sent.length = 0;
      const handed = await h.open();
      expect(handed).toEqual({ links: [], notOpened: 1, unchecked: 0 });
      const told = handoverNotices(handed, 'Ada');
      expect(told).toEqual([NOT_OPENED_TEXT(1, 'Ada')]);
      expect(told.join(' ')).not.toContain(ATTACKER);
      expect(h.sent.map((r) => r.body).filter(Boolean)).toEqual([]); // the page only reads
    }
  });

  it('a letter wrapped before wraps were bound to the address still opens, with the server\'s address and a note that it cannot be checked', async () => {
    const h = await releasedHandover();
    const older = await olderWrap(h);
    h.setLie((ms) => ms.map((m) => ({ ...m, wrap: older, to: undefined, sealedAddress: null, version: null })));
    const { links } = await h.open();
    expect(links.map((l) => [l.recipientEmail, l.address])).toEqual([[h.addr('bert'), 'unsealed']]);
    expect(handoverLineText(links[0]!, 'Ada').note).toBe(ADDRESS_UNSEALED_TEXT('Ada'));
  });

  it('a version 1 wrap the server kept is refused where version 2 was made (review F10): after the page opened the bound one, or when the server\'s own record names the bound address; no link, no address named', async () => {
    const h = await releasedHandover();
    const older = await olderWrap(h);
    // The server's record says the wrap is bound to an address (`to`), yet serves one that opens only unbound.
    h.setLie((ms) => ms.map((m) => ({ ...m, wrap: older, recipientEmail: ATTACKER, sealedAddress: null, version: null })));
    expect(await h.open()).toEqual({ links: [], notOpened: 1, unchecked: 0 });
    // This page opened the bound (version 2) wrap once; the server then serves the older one, naming no binding.
    h.setLie(null);
    expect((await h.open()).links.map((l) => [l.recipientEmail, l.address])).toEqual([[h.addr('bert'), 'sealed']]);
    h.setLie((ms) => ms.map((m) => ({ ...m, wrap: older, to: undefined, recipientEmail: ATTACKER, sealedAddress: null, version: null })));
    h.sent.length = 0;
    const handed = await h.open();
    expect(handed).toEqual({ links: [], notOpened: 1, unchecked: 0 });
    expect(handoverNotices(handed, 'Ada').join(' ')).not.toContain(ATTACKER);
    expect(h.sent.map((r) => r.body).filter(Boolean)).toEqual([]); // the page only reads
  });

  it('before the release, the owner\'s vault shows the address they wrote and says the server\'s differs', async () => {
    const { w, addr, db, sync } = await sealedWithKits();
    const hlc = formatHlc({ ms: w.t.deps.now() + 1000, counter: 0, node: 'ffffffffffffffff' });
    await w.t.services.store.applyChanges(w.userId, [{ collection: 'messages', id: 'm2', hlc, fields: { recipientEmail: ATTACKER } }]);
    await sync();
    const m2 = (await db.dexie.entities('messages').get('m2')) as Message;
    expect(m2).toMatchObject({ recipientEmail: ATTACKER, sealedRecipientEmail: addr('bert') }); // the lie reached the device; the copy held
    expect(letterAddress(m2)).toBe(addr('bert'));
    expect(letterAddressNotice(m2)).toBe(ADDRESS_CHANGED_TEXT(addr('bert')));
    expect(letterAddressNotice((await db.dexie.entities('messages').get('m1')) as Message)).toBeNull();
  });
});
