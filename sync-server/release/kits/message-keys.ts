/**
 * How each message's key reaches its recipient once the account has trustee kits (issue "Release
 * through trustees' key shares", "Messages" and "Hand-delivered messages"; README.md "Trustee
 * kits"). The owner chooses per message, on their device (web/features/message-vault/
 * delivery-choice.ts), and sends per live kit generation:
 *
 * - "The server delivers it" (`server`): a gate G_m (32 random bytes, sealed here under the release
 *   key's kits subkey before it is stored, kits/seal.ts) and the message key MK wrapped under
 *   messageDeliveryKey(Q, G_m). After a release the server has Q (kits/confirm.ts) and opens MK for
 *   the delivery link's fragment (release/release-keys.ts): the operator can read it from then on.
 * - "A trustee hands it over" (`trustee`): MK wrapped ONLY under handoverKey(Q, G_j, t_j) of one
 *   trustee (and optionally a backup); never under Q + a gate the server holds. The server never
 *   has t_j, so it never opens these; after the release that trustee's kit page fetches the wraps
 *   (`handovers`) and gives them the link to send from their own e-mail. The recipient is sent
 *   nothing by the server; the trustee is e-mailed on the message's date (release/deliveries.ts).
 *
 * Every value is checked here; errors are ApiHttpError with `issues` naming the field.
 */
import { fromB64url, toB64url } from '../../../shared/crypto/bytes';
import { messageScope, parseKid } from '../../../shared/crypto/kid';
import { freshnessState, VERSION_FIELD } from '../../../shared/crypto/freshness';
import { deliveryWrapContext, messageDeliveryKey } from '../../../shared/crypto/trustee-kit';
import { unwrapKey } from '../../../shared/crypto/wrap';
import { isDeliveryDue } from '../../../shared/delivery-rule';
import type { HandoverJson } from '../../../shared/release/handover-links';
import type { AppDeps } from '../../app-env';
import { generationStatus, type KitGenerationRow, type KitRow } from './store/sqlite-kits';
import type { AsyncReleaseStore } from '../store/release-store';
import { ApiHttpError } from '../../http/errors';
import { sendableAddress } from '../emails';
import { RELEASE_PAGE_PATHS } from '../page';
import type { ReleaseRecords, ReleaseService } from '../service';
import type { HandoverOf } from '../types';
import { mintToken, resolveToken } from '../tokens';
import type { AsyncMessageKeyStore, MessageKeyRow } from './message-key-store';
import type { KitSealer, SealPlace } from './seal';
import type { KitService } from './service';
import type { DeliveryMode, MessageChoiceJson } from '../../../shared/schema/kits';

/** The body of `PUT /api/kits/messages/:messageId`, as validated by the route (message-key-routes.ts). */
export interface MessageChoice {
  generation: number;
  mode: DeliveryMode;
  /** The message key's id, `msg:<messageId>~<version>`. */
  kid: string;
  /** `server`: G_m, 32 bytes base64url. */
  gate?: string;
  /** `server`: MK wrapped under messageDeliveryKey(Q, G_m) with deliveryWrapContext. */
  wrap?: string;
  /** `trustee`: 1 or 2 (the trustee, then the backup), each MK under handoverKey with handoverWrapContext. */
  handovers?: ReadonlyArray<{ trusteeId: string; wrap: string; to?: string }>;
  /** When given, the stored mode must still be this one (null: none stored), else 409: another device chose meanwhile. */
  ifMode?: DeliveryMode | null;
}


/** Where a message's gate and its delivery-link token are sealed (kits/seal.ts: the id `msg:<id>` is never a trustee id). */
const gatePlace = (userId: string, generation: number, messageId: string): SealPlace => ({ userId, generation, what: 'gate', trusteeId: messageScope(messageId) });
const linkPlace = (userId: string, generation: number, messageId: string): SealPlace => ({ userId, generation, what: 'gate', trusteeId: `link:${messageId}` });

/** A hand-over wrap as stored: `to` is the address a version 2 wrap is bound to (kept as the owner's device sent it; absent from before). */
type StoredHandover = { trusteeId: string; wrap: string; to?: string };
const handoversOf = (row: MessageKeyRow): StoredHandover[] => (row.handovers ? (JSON.parse(row.handovers) as StoredHandover[]) : []);

/** The generation a release went through (it keeps Q sealed), or null. */
async function releasedGeneration(tx: Pick<AsyncReleaseStore, 'liveKitGenerations'>, userId: string): Promise<KitGenerationRow | null> {
  return (await tx.liveKitGenerations(userId)).find((g) => g.q_wrap !== null) ?? null;
}

/**
 * The lookup release/deliveries.ts asks for each due message: null when the message is not
 * hand-delivered, or the release went by the escrow (no kits in force: it is then delivered as
 * every message is); else its trustees of the released generation with their kit tokens (empty when
 * it was chosen to be handed over but its wraps belong to no released generation: nobody can
 * open it, and the server must not send it either).
 */
export function createHandoverLookup(store: AsyncMessageKeyStore): HandoverOf {
  return async (tx, userId, messageId) => {
    const rows = await store.ofMessage(userId, messageId);
    if (!rows.some((r) => r.mode === 'trustee')) return null;
    const gen = await releasedGeneration(tx, userId);
    // Released by the escrow (no kits were in force): the escrow holds the key, and the letter goes
    // out as every message does then (README "How each message reaches its recipient"), never lost.
    if (!gen) return null;
    const row = rows.find((r) => r.generation === gen.generation && r.mode === 'trustee');
    if (!row) return [];
    const kits: KitRow[] = await tx.kitsOf(userId, gen.generation);
    return handoversOf(row).flatMap(({ trusteeId }) => {
      const kit = kits.find((k) => k.trustee_id === trusteeId);
      return kit ? [{ trusteeId, kitToken: kit.token }] : [];
    });
  };
}

export interface MessageKeysDeps {
  deps: AppDeps;
  /** A record as stored (values and clocks): a hand-over's sealed address goes to the kit page as it is (issue 39). */
  stored: (userId: string, collection: 'messages', id: string) => Promise<{ values: Record<string, unknown>; clocks: Record<string, string> } | null>;
  release: ReleaseService;
  records: ReleaseRecords;
  sealer: KitSealer;
  store: AsyncMessageKeyStore;
}

/** The message-key service; see the module's comment. */
export function createMessageKeys({ deps, release, records, sealer, store, stored }: MessageKeysDeps) {
  const rel = release.store;

  /** The trustee ids among `ids` without a kit in `generation` or not accepted (any more). */
  const withoutKit = async (userId: string, generation: number, ids: readonly string[]) => {
    const kits = new Set((await rel.kitsOf(userId, generation)).map((k) => k.trustee_id));
    const out: string[] = [];
    for (const id of ids) if (!kits.has(id) || (await release.trusteeActor(userId, id))?.status !== 'accepted') out.push(id);
    return out;
  };

  return {
    /**
     * `PUT /api/kits/messages/:messageId`: stores the message's choice for a live (pending or
     * current) generation; a choice of the other mode, and rows of retired generations, are
     * deleted (a message never keeps a server-openable wrap once it is to be handed over).
     * Throws 404 (not the account's message), 409 (released, or not a live generation), 422
     * naming `kid` or a handover's `trusteeId`.
     */
    async put(userId: string, messageId: string, body: MessageChoice): Promise<void> {
      const message = await records.get(userId, 'messages', messageId);
      if (!message) throw new ApiHttpError(404, 'No such message', [{ path: 'messageId', message: 'is not one of your messages' }]);
      if (parseKid(body.kid)?.scope !== messageScope(messageId)) throw new ApiHttpError(422, 'This key is not the message’s key', [{ path: 'kid', message: `must be msg:${messageId}~<version>` }]);
      if ((await release.state(userId)).phase === 'released') throw new ApiHttpError(409, 'This account has been released');
      const gens = await rel.liveKitGenerations(userId);
      const gen = gens.find((g) => g.generation === body.generation && generationStatus(g) !== 'retired');
      if (!gen) throw new ApiHttpError(409, 'These kits are not in use', [{ path: 'generation', message: 'is not a generation of kits in use' }]);
      const stored = await store.ofMessage(userId, messageId);
      const newest = stored[stored.length - 1];
      // Two devices: a device re-wrapping in the background never overrides a choice made elsewhere, nor an older key a newer one.
      if (body.ifMode !== undefined && (newest?.mode ?? null) !== body.ifMode) throw new ApiHttpError(409, 'How this message reaches its recipient was changed on another device', [{ path: 'ifMode', message: 'is not the stored choice' }]);
      if (newest && parseKid(newest.kid)!.version > parseKid(body.kid)!.version) throw new ApiHttpError(409, 'A newer key of this message is stored', [{ path: 'kid', message: `is older than ${newest.kid}` }]);
      let row: MessageKeyRow;
      const base = { user_id: userId, message_id: messageId, generation: body.generation, mode: body.mode, kid: body.kid, link_wrap: null, updated_at: deps.now() };
      if (body.mode === 'server') {
        const gate = await sealer.seal(gatePlace(userId, body.generation, messageId), fromB64url(body.gate!)!);
        row = { ...base, gate_wrap: gate, wrap: body.wrap!, handovers: null };
      } else {
        const hs = body.handovers!;
        const missing = await withoutKit(userId, body.generation, hs.map((h) => h.trusteeId));
        if (missing.length) {
          throw new ApiHttpError(
            422,
            'Only a trustee who holds a kit can hand a message over',
            hs.flatMap((h, i) => (missing.includes(h.trusteeId) ? [{ path: `handovers.${i}.trusteeId`, message: 'holds no kit of these kits' }] : [])),
          );
        }
        row = { ...base, gate_wrap: null, wrap: null, handovers: JSON.stringify(hs.map((h) => ({ trusteeId: h.trusteeId, wrap: h.wrap, ...(h.to ? { to: h.to } : {}) }))) };
      }
      const live = new Set(gens.filter((g) => generationStatus(g) !== 'retired').map((g) => g.generation));
      const drop = stored.filter((r) => r.generation !== body.generation && (r.mode !== body.mode || !live.has(r.generation))).map((r) => r.generation);
      await store.put(row, drop);
    },

    /**
     * `GET /api/kits/messages`: each message's choice (its newest row's, even of retired kits, so a
     * device never mistakes a hand-over whose kits were replaced for "no choice yet") and the live
     * generations it has wraps for, for the owner's screens and devices.
     */
    async list(userId: string): Promise<{ messages: MessageChoiceJson[] }> {
      const live = new Set((await rel.liveKitGenerations(userId)).filter((g) => generationStatus(g) !== 'retired').map((g) => g.generation));
      const byMessage = new Map<string, MessageKeyRow[]>();
      for (const r of await store.list(userId)) byMessage.set(r.message_id, [...(byMessage.get(r.message_id) ?? []), r]);
      const messages = [...byMessage.entries()].map(([messageId, rows]) => {
        const newest = rows[rows.length - 1]!;
        const hs = handoversOf(newest);
        const to = newest.mode === 'trustee' ? { to: hs[0]?.to ?? null } : {};
        return { messageId, mode: newest.mode, kid: newest.kid, generations: rows.filter((r) => live.has(r.generation)).map((r) => r.generation), trustees: hs.map((h) => h.trusteeId), ...to };
      });
      return { messages };
    },

    /**
     * For the owner's readiness: how many of the account's messages not yet delivered have no wrap
     * for the kits in force (0 when no kits are in force: the escrow then holds their keys). Such a
     * message's key could reach nobody at a release through kits (its device has not bound it yet).
     */
    async unbound(userId: string): Promise<number> {
      const current = (await rel.liveKitGenerations(userId)).find((g) => generationStatus(g) === 'current');
      if (!current) return 0;
      const bound = new Set((await store.list(userId)).filter((r) => r.generation === current.generation).map((r) => r.message_id));
      return (await records.list(userId, 'messages')).filter((m) => !m.delivered && !bound.has(m.id)).length;
    },

    /**
     * For release-keys.ts after a release: `trustee` for a hand-delivered message of a release
     * through kits (the server sends no key; released by the escrow, null), `server` with the message key (kid → base64url) opened with Q and its gate
     * when the released generation holds its wrap, else null (the escrow's path applies).
     * Throws UnwrapError when a stored value does not open.
     */
    async deliveryKeys(userId: string, messageId: string): Promise<{ mode: 'trustee' } | { mode: 'server'; keys: Record<string, string> } | null> {
      const rows = await store.ofMessage(userId, messageId);
      const gen = await releasedGeneration(rel, userId);
      // A hand-over holds only once the release went through kits; released by the escrow, the escrow's key is sent.
      if (rows.some((r) => r.mode === 'trustee')) return gen ? { mode: 'trustee' } : null;
      const row = gen && rows.find((r) => r.generation === gen.generation);
      if (!gen || !row) return null;
      const q = await sealer.open({ userId, generation: gen.generation, what: 'q', trusteeId: '' }, gen.q_wrap!);
      const gate = await sealer.open(gatePlace(userId, gen.generation, messageId), row.gate_wrap!);
      const key = await messageDeliveryKey(q, gate, { account: userId, messageId, generation: gen.generation });
      const mk = await unwrapKey(key, row.wrap!, deliveryWrapContext(userId, row.kid, gen.generation));
      return { mode: 'server', keys: { [row.kid]: toB64url(mk) } };
    },

    /**
     * For the trustee's page after a release (release/page-data.ts): message id → the trustees who
     * hand it over (the trustee, then the backup; those holding a kit of the released generation,
     * as the scheduler tells them: createHandoverLookup), for every message chosen to be handed
     * over, when the release went through kits. An empty list: its key is in no released kit, so
     * nobody can hand it over. Released by the escrow: none (the server delivers every message).
     */
    async handedOver(userId: string): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      const gen = await releasedGeneration(rel, userId);
      if (!gen) return out;
      const kits = new Set((await rel.kitsOf(userId, gen.generation)).map((k) => k.trustee_id));
      const rows = (await store.list(userId)).filter((r) => r.mode === 'trustee');
      for (const r of rows) if (!out.has(r.message_id)) out.set(r.message_id, []);
      for (const r of rows) {
        if (r.generation === gen.generation) out.set(r.message_id, handoversOf(r).map((h) => h.trusteeId).filter((id) => kits.has(id)));
      }
      return out;
    },

    /**
     * `GET /api/kit/:token/handovers`: after the release, the due messages this kit's trustee
     * hands over (as trustee or backup), each with its wrap and the address it is bound to (`to`,
   * hand-over version 2; absent from before), the owner's sealed copy of its address
     * (an envelope under the letter's own key, null for a letter addressed before there were copies)
     * and a delivery link minted once per
     * message and kept sealed (a new one when the message was re-addressed). Throws 404 (unknown
     * kit), 403 before the release or for a kit of another generation than the released one.
     */
    async handovers(kits: KitService, token: string): Promise<{ messages: HandoverJson[] }> {
      const found = await kits.find(token);
      if (!found) throw new ApiHttpError(404, "This link isn't available", []);
      const { kit } = found;
      const userId = kit.user_id;
      const gen = await releasedGeneration(rel, userId);
      if ((await release.state(userId)).phase !== 'released' || !gen || gen.generation !== kit.generation) throw new ApiHttpError(403, 'Nothing has been released', []);
      const now = deps.now();
      const out: HandoverJson[] = [];
      for (const row of await store.list(userId)) {
        if (row.generation !== gen.generation || row.mode !== 'trustee') continue;
        const hs = handoversOf(row);
        const at = hs.findIndex((h) => h.trusteeId === kit.trustee_id);
        const m = at < 0 ? null : await records.get(userId, 'messages', row.message_id);
        if (!m || !isDeliveryDue(m, now) || !sendableAddress(m.recipientEmail)) continue;
        const addr = m.recipientEmail.toLowerCase();
        let link = row.link_wrap ? new TextDecoder().decode(await sealer.open(linkPlace(userId, gen.generation, m.id), row.link_wrap)) : null;
        const live = link ? await resolveToken(rel, link, 'delivery', now) : null;
        if (!live || live.addr !== addr) {
          const minted = await mintToken(rel, { userId, purpose: 'delivery', subjectId: m.id, now, addr });
          const sealed = await sealer.seal(linkPlace(userId, gen.generation, m.id), new TextEncoder().encode(minted));
          // Two pages at once: the first stored link wins, the other page shows that one.
          if (await store.setLink(userId, m.id, gen.generation, sealed, row.link_wrap)) link = minted;
          else link = new TextDecoder().decode(await sealer.open(linkPlace(userId, gen.generation, m.id), (await store.ofMessage(userId, m.id)).find((r) => r.generation === gen.generation)!.link_wrap!));
        }
        const state = await stored(userId, 'messages', m.id);
        const envelope = state?.values.sealedRecipientEmail;
        const hlc = state?.clocks.sealedRecipientEmail;
        out.push({
          messageId: m.id,
          kid: row.kid,
          generation: gen.generation,
          wrap: hs[at]!.wrap,
          ...(hs[at]!.to ? { to: hs[at]!.to } : {}),
          backup: at > 0,
          recipientEmail: m.recipientEmail,
          // The owner's sealed copy of the address, as stored: the page opens it with the letter's key.
          sealedAddress: typeof envelope === 'string' && hlc ? { envelope, hlc } : null,
          // Its freshness fields, which the page holds the copy to (issue 39, Freshness).
          version: state && state.clocks[VERSION_FIELD] ? freshnessState(state) : null,
          deliveryDate: m.deliveryDate ?? null,
          path: `${RELEASE_PAGE_PATHS.delivery}${link}`,
        });
      }
      return { messages: out };
    },
  };
}

export type MessageKeys = ReturnType<typeof createMessageKeys>;
