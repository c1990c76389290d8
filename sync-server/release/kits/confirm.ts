/**
 * The release through trustees' kits (issue "Release through trustees' key shares", contract §2):
 * in the phase `awaiting-confirmations` each trustee's browser sends their share (never t); the
 * server checks it against its commitment before keeping it (sealed, seal.ts), and at k
 * confirmations rebuilds Q (shared/crypto/shamir.ts combineShares), proves it with the stored check
 * value, keeps it sealed (SECURITY.md: the server keeps Q after release) and releases, in the same
 * transaction as the state machine's step. A share that does not match, or shares that do not
 * combine to the right Q, are named in the owner's activity and nothing is released.
 * After the release a trustee's kit page fetches Q, their gate and blob (`access`).
 */
import { fromB64url, toB64url } from '../../../shared/crypto/bytes';
import { ShareError } from '../../../shared/crypto/errors';
import { combineShares, commitShare, verifyCheckValue, type Share } from '../../../shared/crypto/shamir';
import { isExecutorKit } from '../../../shared/crypto/trustee-kit';
import type { AppDeps } from '../../app-env';
import type { KitRow } from './store/sqlite-kits';
import type { AsyncReleaseStore } from '../store/release-store';
import { ApiHttpError } from '../../http/errors';
import type { ReleaseRecords, ReleaseService } from '../service';
import { stableToken } from '../tokens';
import type { KitService } from './service';
import type { KitSealer } from './seal';
import type { KitAccess, KitConfirmed } from '../../../shared/schema/kits';
import { serverWord } from '../server-words';
import type { WordParams } from '../../../shared/server-words';

/** What a confirmation answers: how many confirmed of how many needed, and whether it released. */

const gone = () => new ApiHttpError(410, 'This kit has been replaced by a newer one', [{ path: 'token', message: 'is a kit that no longer works' }]);
const notFound = () => new ApiHttpError(404, "This link isn't available", []);

export function createKitRelease(opts: { deps: AppDeps; release: ReleaseService; records: ReleaseRecords; kits: KitService; sealer: KitSealer }) {
  const { deps, release, records, kits, sealer } = opts;
  const { store } = release;

  /** Whether kit `k` still counts: a live, accepted trustee's, or the executor kit (tied to no trustee). */
  const holds = async (userId: string, k: KitRow, tx: AsyncReleaseStore) => isExecutorKit(k.trustee_id) || (await release.trusteeActor(userId, k.trustee_id, tx))?.status === 'accepted';

  /** The kits of `generation` confirmed by live, accepted trustees or the executor kit: a removed trustee's share never counts. */
  const counted = async (userId: string, generation: number, tx: AsyncReleaseStore = store) => {
    const out = [];
    for (const k of await tx.kitsOf(userId, generation)) if (k.share_wrap !== null && (await holds(userId, k, tx))) out.push(k);
    return out;
  };

  /**
   * At k confirmations of `generation`: combine, check, keep Q sealed and release (through `tx`).
   * Returns whether it released; a bad share or combination is written to the owner's activity.
   */
  const combineAndRelease = async (tx: AsyncReleaseStore, userId: string, generation: number): Promise<boolean> => {
    const gen = (await tx.kitGeneration(userId, generation))!;
    const all = await tx.kitsOf(userId, generation);
    const confirmed = await counted(userId, generation, tx);
    if (confirmed.length < gen.k) return false;
    const ctx = { account: userId, generation };
    const now = deps.now();
    const shares: Share[] = [];
    for (const k of confirmed) shares.push({ index: k.share_index, bytes: await sealer.open({ userId, generation, what: 'share', trusteeId: k.trustee_id }, k.share_wrap!) });
    const commitments = Object.fromEntries(all.map((k) => [k.share_index, k.commitment]));
    let q: Uint8Array;
    try {
      q = await combineShares(shares, gen.k, ctx, commitments);
    } catch (err) {
      if (!(err instanceof ShareError)) throw err;
      const who = all.find((k) => k.share_index === err.index);
      const email = who && !isExecutorKit(who.trustee_id) ? (await records.get(userId, 'trustees', who.trustee_id))?.email : null;
      // Who sent it: the executor kit, a trustee by address, else the kit's number.
      const from: WordParams = who && isExecutorKit(who.trustee_id) ? { who: 'executor' } : email ? { who: 'trustee', email } : { who: 'index', index: String(err.index ?? '?') };
      await tx.addActivity(userId, now, 'kit-share-bad', serverWord('serverWords.activity.kitShareBad', from));
      return false;
    }
    if (!(await verifyCheckValue(q, ctx, gen.check_value))) {
      await tx.addActivity(userId, now, 'kit-combine-bad', serverWord('serverWords.activity.kitCombineBad', { k: gen.k }));
      return false;
    }
    await tx.setKitReleaseSecret(userId, generation, await sealer.seal({ userId, generation, what: 'q', trusteeId: '' }, q));
    await release.apply(userId, { kind: 'system' }, { type: 'confirmed' }, tx);
    return true;
  };

  return {
    /** How many trustees' confirmations count now for `generation` (the kit page's "n of k"). */
    confirmations: async (userId: string, generation: number) => (await counted(userId, generation)).length,

    /**
     * `POST /api/kit/:token/confirm` with the share's bytes. Throws 404 (unknown kit), 410 (retired),
     * 409 (no confirmation is asked for now, or the kit's generation is not the current one), 422
     * naming `share` when it does not match the kit's commitment (also written to the owner's activity).
     */
    async confirm(token: string, share: Uint8Array): Promise<KitConfirmed> {
      const found = await kits.find(token);
      if (!found) throw notFound();
      if (found.status === 'retired') throw gone();
      const { kit, gen } = found;
      const userId = kit.user_id;
      if (found.status !== 'current' || (await release.state(userId)).phase !== 'awaiting-confirmations') {
        throw new ApiHttpError(409, 'Nothing is waiting for your confirmation', [{ path: 'token', message: 'is not being asked to confirm now' }]);
      }
      const expected = await commitShare({ account: userId, generation: kit.generation }, { index: kit.share_index, bytes: share });
      if (expected !== kit.commitment) {
        // Once a day per kit at most (release.problem): whoever holds a kit link cannot flood the owner's activity.
        await store.transaction((tx) =>
          release.problem(tx, userId, 'kit-share-bad', serverWord('serverWords.problem.kitShareUnused', { executor: found.executor ? 'yes' : 'no', email: found.executor ? '' : String(found.trusteeEmail) })),
        );
        throw new ApiHttpError(422, 'This is not the code of this kit', [{ path: 'share', message: 'does not match this kit' }]);
      }
      const sealed = await sealer.seal({ userId, generation: kit.generation, what: 'share', trusteeId: kit.trustee_id }, share);
      const result = await store.transaction(async (tx) => {
        const s = await release.state(userId, tx); // locks the account (PostgreSQL) before the kit rows
        const now = deps.now();
        if (s.phase === 'released') return { released: true };
        if (s.phase !== 'awaiting-confirmations') throw new ApiHttpError(409, 'Nothing is waiting for your confirmation', [{ path: 'token', message: 'is not being asked to confirm now' }]);
        if (await tx.confirmKit(token, now, sealed)) await tx.addActivity(userId, now, 'kit-confirmed', found.executor ? serverWord('serverWords.activity.executorConfirmed') : serverWord('serverWords.activity.kitConfirmed', { email: found.trusteeEmail }));
        return { released: await combineAndRelease(tx, userId, gen.generation) };
      });
      return { confirmations: (await counted(userId, gen.generation)).length, needed: gen.k, released: result.released };
    },

    /**
     * `GET /api/kit/:token/access`: after a release through this kit's generation, Q, the kit's gate
     * and blob, the trustee's level and the kit's page token (one per token lifetime: tokens.ts stableToken). Throws 404 (unknown), 410 (retired),
     * 403 before the release, and always for the executor kit (a share only: no Q, gate or blob ever leaves through it).
     */
    async access(token: string): Promise<KitAccess> {
      const found = await kits.find(token);
      if (!found) throw notFound();
      const { kit, gen } = found;
      const userId = kit.user_id;
      if (found.executor) throw new ApiHttpError(403, 'The executor kit opens nothing of its own: the trustees hold access.', [{ path: 'token', message: 'is the executor kit' }]);
      if ((await release.state(userId)).phase !== 'released' || gen.q_wrap === null) {
        if (found.status === 'retired') throw gone();
        throw new ApiHttpError(403, 'Nothing has been released', []);
      }
      const trustee = await records.get(userId, 'trustees', kit.trustee_id);
      const q = await sealer.open({ userId, generation: gen.generation, what: 'q', trusteeId: '' }, gen.q_wrap);
      const gate = await sealer.open({ userId, generation: gen.generation, what: 'gate', trusteeId: kit.trustee_id }, kit.gate_wrap);
      // One page token per kit and token lifetime, however often the page is opened (no row per request).
      const pageToken = await stableToken(store, deps.config.sessionSecret, `kit-page:${kit.token}`, { userId, purpose: 'access', subjectId: kit.trustee_id, now: deps.now() });
      return { q: toB64url(q), gate: toB64url(gate), blob: kit.blob, level: trustee?.accessLevel ?? '', pageToken, trusteeId: kit.trustee_id };
    },
  };
}

export type KitRelease = ReturnType<typeof createKitRelease>;

/** The share of a confirm body (base64url, 1 … 256 bytes), or null. */
export const shareBytes = (text: string): Uint8Array | null => {
  const b = fromB64url(text);
  return b && b.length >= 1 && b.length <= 256 ? b : null;
};
