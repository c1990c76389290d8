/**
 * Trustee kits on the server (issue "Release through trustees' key shares"; contract §2): the
 * owner's device makes a generation (Q split k of n among accepted trustees) and hands each kit to
 * its trustee itself; the server keeps per kit a commitment to the share, the trustee's sealed blob
 * and the gate G_i sealed under the release key (seal.ts), never a raw gate, share, Q or any t_i.
 *
 * - A generation is pending until k of its kits are handed over, then current (the previous one is
 *   retired: its kits stop working) and the escrow ends: its scope keys are deleted in that same
 *   step ("The escrow ends", the issue's constraints).
 * - After the waiting period an account with a current generation waits for k confirmations
 *   (release/state-machine.ts `awaiting-confirmations`; confirm.ts combines and releases).
 *
 * Errors for the routes are ApiHttpError with `issues` naming the field (http/errors.ts).
 */
import { randomBytes } from 'node:crypto';
import { fromB64url } from '../../../shared/crypto/bytes';
import type { AppDeps } from '../../app-env';
import { generationStatus, type KitGenerationRow, type KitGenerationStatus, type KitRow } from './store/sqlite-kits';
import { ApiHttpError } from '../../http/errors';
import type { ReleaseRecords, ReleaseService, ReleaseTx } from '../service';
import { currentKits } from '../trustees';
import { isExecutorKit, kitFingerprint } from '../../../shared/crypto/trustee-kit';
import type { KitSealer } from './seal';
import { promoteHandedOverKits } from '../promote-kits';
import type { KitGeneration, KitsState, NewGenerationAnswer, NewGenerationBody } from '../../../shared/schema/kits';
import { serverWord } from '../server-words';

/** A kit link's token: 16 random bytes, base64url (22 characters). */
export const KIT_TOKEN_RE = /^[A-Za-z0-9_-]{22}$/;
export const newKitToken = (): string => randomBytes(16).toString('base64url');

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A kit found by its token, with its generation and the account's trustee ('' for the executor kit, which has none). */
export interface KitFound {
  kit: KitRow;
  gen: KitGenerationRow;
  status: KitGenerationStatus;
  trusteeEmail: string;
  /** The executor kit (shared/crypto/trustee-kit.ts EXECUTOR_KIT_ID): tied to no trustee. */
  executor: boolean;
}

export interface KitServiceDeps {
  deps: AppDeps;
  release: ReleaseService;
  records: ReleaseRecords;
  sealer: KitSealer;
}

const genJson = async (gen: KitGenerationRow, kits: readonly KitRow[]): Promise<KitGeneration> => ({
  generation: gen.generation,
  k: gen.k,
  n: gen.n,
  createdAt: iso(gen.created_at)!,
  liveAt: iso(gen.live_at),
  ownerCopy: gen.owner_copy,
  kits: await Promise.all(
    kits.map(async (k) => ({
      trusteeId: k.trustee_id,
      index: k.share_index,
      token: k.token,
      madeAt: iso(k.made_at)!,
      handedOverAt: iso(k.handed_over_at),
      checkedAt: iso(k.checked_at),
      fingerprint: await kitFingerprint(k.commitment),
      executor: isExecutorKit(k.trustee_id),
    })),
  ),
});

/** The kits' owner-side and handover steps; see the module's comment. */
export function createKitService({ deps, release, records, sealer }: KitServiceDeps) {
  const { store } = release;

  /**
   * The trustee ids among `ids` that are not the account's accepted, live trustees (release/service.ts
   * trusteeActor); the executor kit's id is tied to no trustee (at most one: owner-routes.ts).
   */
  const notAccepted = async (userId: string, ids: readonly string[], tx: ReleaseTx = store) => {
    const out: string[] = [];
    for (const id of ids) if (!isExecutorKit(id) && (await release.trusteeActor(userId, id, tx))?.status !== 'accepted') out.push(id);
    return out;
  };

  /** The kit of `token` (malformed, unknown, or of a removed trustee: null), through `tx`. The executor kit has no trustee to be removed. */
  const find = async (token: string, tx: ReleaseTx = store): Promise<KitFound | null> => {
    if (!KIT_TOKEN_RE.test(token)) return null;
    const kit = await tx.kitByToken(token);
    if (!kit) return null;
    const gen = await tx.kitGeneration(kit.user_id, kit.generation);
    if (isExecutorKit(kit.trustee_id)) return gen ? { kit, gen, status: generationStatus(gen), trusteeEmail: '', executor: true } : null;
    const actor = await release.trusteeActor(kit.user_id, kit.trustee_id, tx);
    const trustee = await records.get(kit.user_id, 'trustees', kit.trustee_id);
    if (!gen || !actor || actor.status === 'removed' || !trustee) return null;
    return { kit, gen, status: generationStatus(gen), trusteeEmail: trustee.email, executor: false };
  };

  return {
    /** `GET /api/kits`: the current and pending generations with their kits, and whether the escrow has ended. */
    async overview(userId: string): Promise<KitsState> {
      const gens = await store.liveKitGenerations(userId);
      const of = async (status: KitGenerationStatus) => {
        const g = gens.find((x) => generationStatus(x) === status);
        return g ? genJson(g, await store.kitsOf(userId, g.generation)) : null;
      };
      return { current: await of('current'), pending: await of('pending'), escrowEnded: await store.kitEscrowEnded(userId) };
    },

    /**
     * `POST /api/kits`: stores a new pending generation (any older pending one retires). Throws
     * ApiHttpError 409 after the release or for a generation that is not the next one, 422 naming
     * each kit whose trustee is not one of the account's accepted trustees.
     */
    async make(userId: string, body: NewGenerationBody): Promise<NewGenerationAnswer> {
      const now = deps.now();
      const made = await Promise.all(
        body.kits.map(async (k): Promise<KitRow> => ({
          token: newKitToken(),
          user_id: userId,
          generation: body.generation,
          trustee_id: k.trusteeId,
          share_index: k.index,
          commitment: k.commitment,
          blob: k.blob,
          gate_wrap: await sealer.seal({ userId, generation: body.generation, what: 'gate', trusteeId: k.trusteeId }, fromB64url(k.gate)!),
          made_at: now,
          handed_over_at: null,
          checked_at: null,
          confirmed_at: null,
          share_wrap: null,
        })),
      );
      await store.transaction(async (tx) => {
        const s = await release.state(userId, tx);
        if (s.phase !== 'active') throw new ApiHttpError(409, s.phase === 'released' ? 'This account has been released' : 'Kits cannot be changed while a waiting period is running');
        const next = (await tx.lastKitGeneration(userId)) + 1;
        if (body.generation !== next) throw new ApiHttpError(409, `The next generation is ${next}`, [{ path: 'generation', message: `must be ${next}` }]);
        // Only the account's accepted trustees, as this transaction sees them.
        const foreign = await notAccepted(userId, body.kits.map((k) => k.trusteeId), tx);
        if (foreign.length) {
          throw new ApiHttpError(
            422,
            'Kits can only be made for trustees who accepted your invitation',
            body.kits.flatMap((k, i) => (foreign.includes(k.trusteeId) ? [{ path: `kits.${i}.trusteeId`, message: 'is not one of your accepted trustees' }] : [])),
          );
        }
        const gen: KitGenerationRow = {
          user_id: userId,
          generation: body.generation,
          k: body.k,
          n: body.kits.length,
          check_value: body.checkValue,
          owner_copy: body.ownerCopy,
          created_at: now,
          live_at: null,
          retired_at: null,
          q_wrap: null,
        };
        await tx.insertKitGeneration(gen, made);
        await tx.addActivity(userId, now, 'kits-made', serverWord('serverWords.activity.kitsMade', { k: body.k, n: body.kits.length }));
      });
      return { generation: body.generation, kits: made.map((k) => ({ trusteeId: k.trustee_id, token: k.token })) };
    },

    /**
     * `PUT /api/kits/:generation/blobs`: replaces trustees' blobs of a live (pending or current)
     * generation while the owner is active. Throws 404 for an unknown or retired generation, 409
     * once a waiting period has begun, 422 naming a trustee without a kit in it.
     */
    async putBlobs(userId: string, generation: number, blobs: Readonly<Record<string, string>>): Promise<void> {
      await store.transaction(async (tx) => {
        const gen = await tx.kitGeneration(userId, generation);
        if (!gen || generationStatus(gen) === 'retired') throw new ApiHttpError(404, 'No such generation of kits');
        // What a trustee's kit opens is fixed once a waiting period has begun (SECURITY.md "Trustee kits on the server").
        if ((await tx.getState(userId))?.phase !== 'active') throw new ApiHttpError(409, 'The kits cannot be changed while a release is under way or after it');
        const have = new Set((await tx.kitsOf(userId, generation)).map((k) => k.trustee_id));
        const missing = Object.keys(blobs).filter((id) => !have.has(id));
        if (missing.length) throw new ApiHttpError(422, 'Some trustees have no kit in this generation', missing.map((id) => ({ path: `blobs.${id}`, message: 'has no kit in this generation' })));
        // The executor kit's blob stays empty: it is a share only (issue "Fewer than k kits").
        const executor = Object.keys(blobs).filter(isExecutorKit);
        if (executor.length) throw new ApiHttpError(422, 'The executor kit opens nothing of its own', executor.map((id) => ({ path: `blobs.${id}`, message: 'is the executor kit, which opens nothing' })));
        await tx.putKitBlobs(userId, generation, blobs);
      });
    },

    find,

    /** The addresses of the live, accepted trustees holding a kit of the generation in force (the release's), in kit order. */
    async holders(userId: string): Promise<string[]> {
      const out: string[] = [];
      for (const k of await currentKits(store, userId)) {
        if (isExecutorKit(k.trustee_id) || (await release.trusteeActor(userId, k.trustee_id))?.status !== 'accepted') continue;
        const t = await records.get(userId, 'trustees', k.trustee_id);
        if (t) out.push(t.email);
      }
      return out;
    },

    /**
     * `POST /api/kit/:token/handover`: the trustee's browser verified the kit against `commitment`.
     * The first handover is recorded (and counts as a check); at k handed over a pending
     * generation becomes current, the previous retires and the escrow ends, in one transaction —
     * only in the release phase `active` (later, the kits in force carry the release).
     * Returns false when the kit is unknown or retired; throws 422 when the commitment differs.
     */
    async handover(token: string, commitment: string): Promise<boolean> {
      return store.transaction(async (tx) => {
        const found = await find(token, tx);
        if (!found || found.status === 'retired') return false;
        if (commitment !== found.kit.commitment) throw new ApiHttpError(422, 'This is not the kit this link was made for', [{ path: 'commitment', message: 'does not match this kit' }]);
        const now = deps.now();
        const { kit } = found;
        if (!(await tx.markKitHandedOver(token, now))) return true;
        await tx.addActivity(kit.user_id, now, 'kit-handed-over', found.executor ? serverWord('serverWords.activity.executorPutAway') : serverWord('serverWords.activity.kitHandedOver', { email: found.trusteeEmail }));
        if (found.status !== 'pending') return true;
        // Once a waiting period has begun, the kits in force carry the release: a newer generation
        // comes into force only while the owner is active (its handovers stay recorded; promote.ts).
        await promoteHandedOverKits(tx, kit.user_id, now);
        return true;
      });
    },

    /** `POST /api/kit/:token/check`: the yearly check (the trustee compared the fingerprint). False when unknown, retired or never handed over. */
    async check(token: string): Promise<boolean> {
      return store.transaction(async (tx) => {
        const found = await find(token, tx);
        if (!found || found.status === 'retired' || found.kit.handed_over_at === null) return false;
        await tx.markKitChecked(token, deps.now());
        return true;
      });
    },
  };
}

export type KitService = ReturnType<typeof createKitService>;
