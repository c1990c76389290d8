/**
 * Trustee kits on PostgreSQL: release/kits/store/sqlite-kits.ts's methods over a `pg` Queryable, part of the release
 * store (pg-release-store.ts spreads them in, so a kit's step shares the release's transaction and
 * its per-account lock). Tables: migrations/016-kits.sql. Same semantics as SQLite's
 * (kit-store.contract.ts).
 */
import type { KitGenerationRow, KitRow, KitStoreMethods } from './sqlite-kits';
import type { Asyncified } from '../../../db/sqlite-async';
import { numeric, type Queryable } from '../../../db/pg/pg-tx';

const GEN_NUMS = ['created_at', 'live_at', 'retired_at'];
const KIT_NUMS = ['made_at', 'handed_over_at', 'checked_at', 'confirmed_at'];
const toGen = (r: Record<string, unknown>) => numeric<KitGenerationRow>(r, GEN_NUMS);
const toKit = (r: Record<string, unknown>) => numeric<KitRow>(r, KIT_NUMS);

/** The kit methods over `q` (the pool, or a transaction's client). */
export function pgKitMethods(q: Queryable): Asyncified<KitStoreMethods> {
  const count = async (sql: string, params: unknown[]) => (await q.query(sql, params)).rowCount ?? 0;
  /** As release/kits/store/sqlite-kits.ts: a retired generation keeps only its tokens and commitments. */
  const dropRetired = async (userId: string) => {
    await q.query(
      `UPDATE kits SET blob = '', gate_wrap = '', share_wrap = NULL WHERE user_id = $1 AND blob != ''
         AND generation IN (SELECT generation FROM kit_generations WHERE user_id = $1 AND retired_at IS NOT NULL)`,
      [userId],
    );
    await q.query("UPDATE kit_generations SET owner_copy = '' WHERE user_id = $1 AND retired_at IS NOT NULL AND owner_copy != ''", [userId]);
  };
  return {
    async liveKitGenerations(userId) {
      return (await q.query('SELECT * FROM kit_generations WHERE user_id = $1 AND retired_at IS NULL ORDER BY generation', [userId])).rows.map(toGen);
    },
    async kitGeneration(userId, generation) {
      const { rows } = await q.query('SELECT * FROM kit_generations WHERE user_id = $1 AND generation = $2', [userId, generation]);
      return rows[0] ? toGen(rows[0]) : null;
    },
    async lastKitGeneration(userId) {
      const { rows } = await q.query<{ g: number | null }>('SELECT MAX(generation) AS g FROM kit_generations WHERE user_id = $1', [userId]);
      return rows[0]?.g ?? 0;
    },
    kitEscrowEnded: async (userId) => (await count('SELECT 1 FROM kit_generations WHERE user_id = $1 AND live_at IS NOT NULL LIMIT 1', [userId])) > 0,
    async kitsOf(userId, generation) {
      return (await q.query('SELECT * FROM kits WHERE user_id = $1 AND generation = $2 ORDER BY share_index', [userId, generation])).rows.map(toKit);
    },
    async kitByToken(token) {
      const { rows } = await q.query('SELECT * FROM kits WHERE token = $1', [token]);
      return rows[0] ? toKit(rows[0]) : null;
    },
    async insertKitGeneration(g, kits) {
      await q.query('UPDATE kit_generations SET retired_at = $1 WHERE user_id = $2 AND live_at IS NULL AND retired_at IS NULL', [g.created_at, g.user_id]);
      await dropRetired(g.user_id);
      await q.query(
        `INSERT INTO kit_generations (user_id, generation, k, n, check_value, owner_copy, created_at, live_at, retired_at, q_wrap)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [g.user_id, g.generation, g.k, g.n, g.check_value, g.owner_copy, g.created_at, g.live_at, g.retired_at, g.q_wrap],
      );
      for (const k of kits) {
        await q.query(
          `INSERT INTO kits (token, user_id, generation, trustee_id, share_index, commitment, blob, gate_wrap, made_at, handed_over_at, checked_at, confirmed_at, share_wrap)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [k.token, k.user_id, k.generation, k.trustee_id, k.share_index, k.commitment, k.blob, k.gate_wrap, k.made_at, k.handed_over_at, k.checked_at, k.confirmed_at, k.share_wrap],
        );
      }
    },
    async putKitBlobs(userId, generation, blobs) {
      let n = 0;
      for (const [trusteeId, blob] of Object.entries(blobs)) {
        n += await count('UPDATE kits SET blob = $1 WHERE user_id = $2 AND generation = $3 AND trustee_id = $4', [blob, userId, generation, trusteeId]);
      }
      return n;
    },
    markKitHandedOver: async (token, at) => (await count('UPDATE kits SET handed_over_at = $1, checked_at = $1 WHERE token = $2 AND handed_over_at IS NULL', [at, token])) > 0,
    markKitChecked: async (token, at) => void (await q.query('UPDATE kits SET checked_at = $1 WHERE token = $2', [at, token])),
    confirmKit: async (token, at, shareWrap) =>
      (await count('UPDATE kits SET confirmed_at = $1, share_wrap = $2 WHERE token = $3 AND confirmed_at IS NULL', [at, shareWrap, token])) > 0,
    clearKitConfirmations: (userId) =>
      count('UPDATE kits SET confirmed_at = NULL, share_wrap = NULL WHERE user_id = $1 AND (confirmed_at IS NOT NULL OR share_wrap IS NOT NULL)', [userId]),
    async makeKitGenerationCurrent(userId, generation, at) {
      await q.query('UPDATE kit_generations SET retired_at = $1 WHERE user_id = $2 AND generation != $3 AND live_at IS NOT NULL AND retired_at IS NULL', [at, userId, generation]);
      await q.query('UPDATE kit_generations SET live_at = $1 WHERE user_id = $2 AND generation = $3 AND live_at IS NULL', [at, userId, generation]);
      await dropRetired(userId);
      await q.query('DELETE FROM release_escrow WHERE user_id = $1', [userId]);
    },
    setKitReleaseSecret: async (userId, generation, qWrap) =>
      void (await q.query('UPDATE kit_generations SET q_wrap = $1 WHERE user_id = $2 AND generation = $3', [qWrap, userId, generation])),
  };
}
