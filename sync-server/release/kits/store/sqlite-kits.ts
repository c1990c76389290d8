/**
 * All SQL of trustee kits on SQLite (sync-server/kits/; tables in migrations/017-kits.sql). Part of
 * the release store (release-store.ts merges these methods into it), so a kit's step and the
 * release step it causes share one transaction. PostgreSQL's twin is pg/pg-kits.ts; both pass
 * kit-store.contract.ts. The store keeps only what kits/ sealed: never a raw gate, share or Q.
 */
import type { Db } from '../../../db/sqlite';

/** One generation of kits (a split of Q). Times in ms. */
export interface KitGenerationRow {
  user_id: string;
  generation: number;
  k: number;
  n: number;
  check_value: string;
  owner_copy: string;
  created_at: number;
  /** When k of its kits had been handed over (it became current); null while pending. */
  live_at: number | null;
  /** When a newer generation replaced it; its kits stop working. */
  retired_at: number | null;
  /** Q after a release, wrapped under the kits subkey (SECURITY.md: the server keeps Q after release). */
  q_wrap: string | null;
}

/** One trustee's kit of a generation. `token` is the kit link's capability (22 chars base64url). */
export interface KitRow {
  token: string;
  user_id: string;
  generation: number;
  trustee_id: string;
  share_index: number;
  commitment: string;
  blob: string;
  gate_wrap: string;
  made_at: number;
  handed_over_at: number | null;
  checked_at: number | null;
  confirmed_at: number | null;
  share_wrap: string | null;
}

/** What a generation is now, from its row. */
export type KitGenerationStatus = 'pending' | 'current' | 'retired';
export const generationStatus = (g: Pick<KitGenerationRow, 'live_at' | 'retired_at'>): KitGenerationStatus =>
  g.retired_at !== null ? 'retired' : g.live_at !== null ? 'current' : 'pending';

/** The kit store's methods (synchronous here; Promises in AsyncReleaseStore). */
export interface KitStoreMethods {
  /** Every generation of the account that is not retired (at most one current and one pending), oldest first. */
  liveKitGenerations(userId: string): KitGenerationRow[];
  kitGeneration(userId: string, generation: number): KitGenerationRow | null;
  /** The highest generation number the account ever had (0 before the first). */
  lastKitGeneration(userId: string): number;
  /** Whether any generation ever became current: the escrow has ended ("The escrow ends"). */
  kitEscrowEnded(userId: string): boolean;
  /** The kits of one generation, in share order. */
  kitsOf(userId: string, generation: number): KitRow[];
  kitByToken(token: string): KitRow | null;
  /**
   * Stores a new pending generation with its kits and retires any other pending one (it was never
   * handed over). A retired generation keeps only its tokens and commitments (its status for the
   * kit page): blobs, gates, shares and the owner copy are emptied, so re-keying never piles up.
   */
  insertKitGeneration(gen: KitGenerationRow, kits: readonly KitRow[]): void;
  /** Replaces the blobs of the named trustees' kits of a generation; returns how many kits changed. */
  putKitBlobs(userId: string, generation: number, blobs: Readonly<Record<string, string>>): number;
  /** Records the first handover of a kit (and counts it as checked); false when it had been handed over already. */
  markKitHandedOver(token: string, at: number): boolean;
  /** Records a yearly check of a kit. */
  markKitChecked(token: string, at: number): void;
  /** Stores a confirmation with its wrapped share; false when the kit had confirmed already. */
  confirmKit(token: string, at: number, shareWrap: string): boolean;
  /** Erases every confirmation and stored share of the account ("I'm still here"); returns how many. */
  clearKitConfirmations(userId: string): number;
  /**
   * Makes `generation` current at `at`: the previous current one is retired, and the account's
   * escrow row is deleted ("The escrow ends", issue's constraints), all in this one step.
   */
  makeKitGenerationCurrent(userId: string, generation: number, at: number): void;
  /** Keeps Q (wrapped) on the generation that released. */
  setKitReleaseSecret(userId: string, generation: number, qWrap: string): void;
}

/** The kit store over `db` (migration 017 applied). */
export function createKitStore(db: Db): KitStoreMethods {
  const q = {
    live: db.prepare<[string], KitGenerationRow>('SELECT * FROM kit_generations WHERE user_id = ? AND retired_at IS NULL ORDER BY generation'),
    one: db.prepare<[string, number], KitGenerationRow>('SELECT * FROM kit_generations WHERE user_id = ? AND generation = ?'),
    last: db.prepare<[string], { g: number | null }>('SELECT MAX(generation) AS g FROM kit_generations WHERE user_id = ?'),
    ended: db.prepare<[string], { x: number }>('SELECT 1 AS x FROM kit_generations WHERE user_id = ? AND live_at IS NOT NULL LIMIT 1'),
    kits: db.prepare<[string, number], KitRow>('SELECT * FROM kits WHERE user_id = ? AND generation = ? ORDER BY share_index'),
    byToken: db.prepare<[string], KitRow>('SELECT * FROM kits WHERE token = ?'),
    retirePending: db.prepare('UPDATE kit_generations SET retired_at = ? WHERE user_id = ? AND live_at IS NULL AND retired_at IS NULL'),
    insertGen: db.prepare(
      `INSERT INTO kit_generations (user_id, generation, k, n, check_value, owner_copy, created_at, live_at, retired_at, q_wrap)
       VALUES (@user_id, @generation, @k, @n, @check_value, @owner_copy, @created_at, @live_at, @retired_at, @q_wrap)`,
    ),
    insertKit: db.prepare(
      `INSERT INTO kits (token, user_id, generation, trustee_id, share_index, commitment, blob, gate_wrap, made_at, handed_over_at, checked_at, confirmed_at, share_wrap)
       VALUES (@token, @user_id, @generation, @trustee_id, @share_index, @commitment, @blob, @gate_wrap, @made_at, @handed_over_at, @checked_at, @confirmed_at, @share_wrap)`,
    ),
    blob: db.prepare('UPDATE kits SET blob = ? WHERE user_id = ? AND generation = ? AND trustee_id = ?'),
    handover: db.prepare('UPDATE kits SET handed_over_at = ?, checked_at = ? WHERE token = ? AND handed_over_at IS NULL'),
    check: db.prepare('UPDATE kits SET checked_at = ? WHERE token = ?'),
    confirm: db.prepare('UPDATE kits SET confirmed_at = ?, share_wrap = ? WHERE token = ? AND confirmed_at IS NULL'),
    clear: db.prepare('UPDATE kits SET confirmed_at = NULL, share_wrap = NULL WHERE user_id = ? AND (confirmed_at IS NOT NULL OR share_wrap IS NOT NULL)'),
    retireCurrent: db.prepare('UPDATE kit_generations SET retired_at = ? WHERE user_id = ? AND generation != ? AND live_at IS NOT NULL AND retired_at IS NULL'),
    makeLive: db.prepare('UPDATE kit_generations SET live_at = ? WHERE user_id = ? AND generation = ? AND live_at IS NULL'),
    endEscrow: db.prepare('DELETE FROM release_escrow WHERE user_id = ?'),
    secret: db.prepare('UPDATE kit_generations SET q_wrap = ? WHERE user_id = ? AND generation = ?'),
    dropRetiredKits: db.prepare(
      `UPDATE kits SET blob = '', gate_wrap = '', share_wrap = NULL WHERE user_id = @user AND blob != ''
         AND generation IN (SELECT generation FROM kit_generations WHERE user_id = @user AND retired_at IS NOT NULL)`,
    ),
    dropRetiredCopies: db.prepare("UPDATE kit_generations SET owner_copy = '' WHERE user_id = ? AND retired_at IS NOT NULL AND owner_copy != ''"),
  };
  /** A retired generation keeps only what says "retired" (tokens, commitments): its blobs, gates and owner copy go (SECURITY.md "Limits"). */
  const dropRetired = (userId: string) => {
    q.dropRetiredKits.run({ user: userId });
    q.dropRetiredCopies.run(userId);
  };
  const insert = db.transaction((gen: KitGenerationRow, kits: readonly KitRow[]) => {
    q.retirePending.run(gen.created_at, gen.user_id);
    dropRetired(gen.user_id);
    q.insertGen.run(gen);
    for (const k of kits) q.insertKit.run(k);
  });
  const current = db.transaction((userId: string, generation: number, at: number) => {
    q.retireCurrent.run(at, userId, generation);
    q.makeLive.run(at, userId, generation);
    dropRetired(userId);
    q.endEscrow.run(userId);
  });
  const blobs = db.transaction((userId: string, generation: number, map: Readonly<Record<string, string>>) => {
    let n = 0;
    for (const [trusteeId, blob] of Object.entries(map)) n += q.blob.run(blob, userId, generation, trusteeId).changes;
    return n;
  });
  return {
    liveKitGenerations: (userId) => q.live.all(userId),
    kitGeneration: (userId, generation) => q.one.get(userId, generation) ?? null,
    lastKitGeneration: (userId) => q.last.get(userId)?.g ?? 0,
    kitEscrowEnded: (userId) => !!q.ended.get(userId),
    kitsOf: (userId, generation) => q.kits.all(userId, generation),
    kitByToken: (token) => q.byToken.get(token) ?? null,
    insertKitGeneration: (gen, kits) => insert(gen, kits),
    putKitBlobs: (userId, generation, map) => blobs(userId, generation, map),
    markKitHandedOver: (token, at) => q.handover.run(at, at, token).changes > 0,
    markKitChecked: (token, at) => void q.check.run(at, token),
    confirmKit: (token, at, shareWrap) => q.confirm.run(at, shareWrap, token).changes > 0,
    clearKitConfirmations: (userId) => q.clear.run(userId).changes,
    makeKitGenerationCurrent: (userId, generation, at) => current(userId, generation, at),
    setKitReleaseSecret: (userId, generation, qWrap) => void q.secret.run(qWrap, userId, generation),
  };
}

/** The methods above that write (SQLite's asynchronous adapter replays them; sqlite-async.ts). */
export const KIT_WRITES = [
  'insertKitGeneration',
  'putKitBlobs',
  'markKitHandedOver',
  'markKitChecked',
  'confirmKit',
  'clearKitConfirmations',
  'makeKitGenerationCurrent',
  'setKitReleaseSecret',
] as const satisfies readonly (keyof KitStoreMethods)[];
