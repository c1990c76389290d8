/**
 * Emergency access on PostgreSQL: AsyncEmergencyStore (emergency-store.ts) over a `pg` Pool, with
 * SQLite's semantics (pg migration 024).
 */
import type pg from 'pg';
import { withTransaction } from '../../db/pg/pool';
import { BUNDLE_OPENED, EMERGENCY_OPENINGS, OPENING_GAP_MS } from './openings-sql';
import { advisoryAccountLock } from '../../db/pg/pg-tx';
import {
  aboveMark, basedOnHeld, choiceNewer, choiceSame, DEFAULT_STORE_OPTIONS, FORGET_MARKS, FORGET_SETTING, HELD_CHOICE, keepMark, OPEN_PHASES, PLAIN_GATE_WHERE, REQUEST_STEP_COLUMNS, SETTING_COLUMNS, MARKS_READ, trimMarks, versionsOf,
  type AsyncEmergencyStore, type EmergencyRequestRow, type EmergencySettingRow, type EmergencyStoreOptions,
} from './emergency-store';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const request = (r: Record<string, unknown>): EmergencyRequestRow => ({
  ...(r as unknown as EmergencyRequestRow),
  requested_at: Number(r.requested_at),
  notified_at: num(r.notified_at),
  wait_ends_at: num(r.wait_ends_at),
  decided_at: num(r.decided_at),
  granted_at: num(r.granted_at),
  ended_at: num(r.ended_at),
});
const setting = (r: Record<string, unknown>): EmergencySettingRow => ({ ...(r as unknown as EmergencySettingRow), updated_at: Number(r.updated_at), choice_version: num(r.choice_version) });
const REQUEST_COLUMNS = ['id', 'user_id', 'trustee_id', 'phase', 'wait_hours', 'requested_at', ...REQUEST_STEP_COLUMNS.slice(1)] as const;
/** Each setting column's type, for the parameters of an INSERT … SELECT (which PostgreSQL cannot infer). */
const SETTING_TYPES: Record<(typeof SETTING_COLUMNS)[number], string> = {
  user_id: 'text', trustee_id: 'text', position: 'integer', wait_hours: 'integer', generation: 'integer', items: 'text',
  gate: 'text', wrap: 'text', bundle: 'text', updated_at: 'bigint', choice_version: 'integer',
};
const settingParam = (c: (typeof SETTING_COLUMNS)[number]) => `$${SETTING_COLUMNS.indexOf(c) + 1}::${SETTING_TYPES[c]}`;
const params = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(', ');

/**
 * Runs `fn` in a transaction holding the lock of one trustee's emergency choice: a save and a
 * Remove of the same choice take turns, so a save never reads the mark of a Remove that commits
 * under it (a stale choice put back: security review s22-final L1). SQLite has one writer.
 */
const oneChoiceAtATime = <T>(pool: pg.Pool, userId: string, trusteeId: string, fn: (db: pg.PoolClient) => Promise<T>) =>
  withTransaction(pool, async (db) => {
    await advisoryAccountLock(db, 'emergencyChoice', `${userId}:${trusteeId}`);
    return fn(db);
  });

/** The store over `pool` (migrations of db/pg/ applied), keeping at most `opts.marksKept` marks per account. */
export function createPgEmergencyStore(pool: pg.Pool, opts: EmergencyStoreOptions = DEFAULT_STORE_OPTIONS): AsyncEmergencyStore {
  return {
    async putSetting(r, basedOn) {
      const res = await oneChoiceAtATime(pool, r.user_id, r.trustee_id, (db) => db.query(
        `INSERT INTO emergency_settings (${SETTING_COLUMNS.join(', ')}) SELECT ${SETTING_COLUMNS.map(settingParam).join(', ')}
         WHERE ${aboveMark(settingParam('user_id'), settingParam('trustee_id'), settingParam('choice_version'))}
           AND ${basedOnHeld(settingParam('user_id'), settingParam('trustee_id'), `$${SETTING_COLUMNS.length + 1}::integer`)}
         ON CONFLICT (user_id, trustee_id) DO UPDATE SET ${SETTING_COLUMNS.slice(2).map((c) => `${c} = excluded.${c}`).join(', ')}
         WHERE ${choiceNewer('emergency_settings.choice_version', 'excluded.choice_version')}`,
        [...SETTING_COLUMNS.map((c) => r[c]), basedOn ?? null],
      ));
      return (res.rowCount ?? 0) > 0;
    },
    async refreshSetting(r) {
      const set = SETTING_COLUMNS.slice(2).map((c, i) => `${c} = $${i + 3}`).join(', ');
      const res = await pool.query(`UPDATE emergency_settings SET ${set} WHERE user_id = $1 AND trustee_id = $2 AND ${choiceSame('choice_version', settingParam('choice_version'))}`, SETTING_COLUMNS.map((c) => r[c]));
      return (res.rowCount ?? 0) > 0;
    },
    async deleteSetting(userId, trusteeId, at, basedOn) {
      // Under the trustee's choice lock (as putSetting): with `basedOn`, nothing goes while another choice is held.
      // One statement: the row goes and its version stays as the highest (emergency_choice_marks); then the owner's oldest marks beyond the cap.
      return oneChoiceAtATime(pool, userId, trusteeId, async (db) => {
        if (basedOn !== undefined) {
          const held = (await db.query<{ v: number }>(HELD_CHOICE('$1', '$2'), [userId, trusteeId])).rows[0];
          if (held && Number(held.v) !== basedOn) return false;
        }
        const kept = await db.query(`WITH gone AS (DELETE FROM emergency_settings WHERE user_id = $1 AND trustee_id = $2 RETURNING *) ${keepMark('GREATEST', 'gone', '$3::bigint')}`, [userId, trusteeId, at]);
        if ((kept.rowCount ?? 0) > 0) await db.query(trimMarks('$1', '$2'), [userId, opts.marksKept]);
        return true;
      });
    },
    async forgetTrustee(userId, trusteeId) {
      await oneChoiceAtATime(pool, userId, trusteeId, async (db) => {
        await db.query(FORGET_MARKS('$1', '$2'), [userId, trusteeId]);
        await db.query(FORGET_SETTING('$1', '$2'), [userId, trusteeId]);
      });
    },
    async choiceVersions(userId, settings) {
      return versionsOf(settings, (await pool.query(MARKS_READ('$1'), [userId])).rows);
    },
    async settings(userId) {
      return (await pool.query('SELECT * FROM emergency_settings WHERE user_id = $1 ORDER BY position, trustee_id', [userId])).rows.map(setting);
    },
    async insertRequest(r) {
      const res = await pool.query(`INSERT INTO emergency_requests (${REQUEST_COLUMNS.join(', ')}) VALUES (${params(REQUEST_COLUMNS.length)}) ON CONFLICT (id) DO NOTHING`, REQUEST_COLUMNS.map((c) => r[c]));
      return (res.rowCount ?? 0) > 0;
    },
    async request(id) {
      const r = (await pool.query('SELECT * FROM emergency_requests WHERE id = $1', [id])).rows[0];
      return r && request(r);
    },
    async requests(userId, limit) {
      return (await pool.query('SELECT * FROM emergency_requests WHERE user_id = $1 ORDER BY requested_at DESC, id LIMIT $2', [userId, limit])).rows.map(request);
    },
    async updateRequest(next, from) {
      const sets = REQUEST_STEP_COLUMNS.map((c, i) => `${c} = $${i + 1}`).join(', ');
      const n = REQUEST_STEP_COLUMNS.length;
      const res = await pool.query(`UPDATE emergency_requests SET ${sets} WHERE id = $${n + 1} AND phase = $${n + 2}`, [...REQUEST_STEP_COLUMNS.map((c) => next[c]), next.id, from]);
      return (res.rowCount ?? 0) > 0;
    },
    async opened(id, now) {
      // The openings of one request take turns on its row, as a share's do (openings-sql.ts): two
      // pages opening at once within the gap are one opening (SQLite has one writer).
      await withTransaction(pool, async (db) => {
        await db.query('SELECT 1 FROM emergency_requests WHERE id = $1 FOR UPDATE', [id]);
        const res = await db.query(EMERGENCY_OPENINGS.add('$1', '$2::bigint', '$3::bigint'), [id, now, OPENING_GAP_MS]);
        if ((res.rowCount ?? 0) > 0) await db.query(EMERGENCY_OPENINGS.prune('$1'), [id]);
      });
    },
    async openings(userId) {
      return (await pool.query<{ request_id: string; opened_at: string }>(EMERGENCY_OPENINGS.ofOwner('$1'), [userId])).rows.map((r) => ({ request_id: r.request_id, opened_at: Number(r.opened_at) }));
    },
    async bundleOpened(id, now) {
      return Number((await pool.query<{ opened_at: string }>(BUNDLE_OPENED.add('$1', '$2::bigint'), [id, now])).rows[0]!.opened_at);
    },
    async bundleOpenings(userId) {
      return (await pool.query<{ request_id: string; opened_at: string }>(BUNDLE_OPENED.ofOwner('$1'), [userId])).rows.map((r) => ({ request_id: r.request_id, opened_at: Number(r.opened_at) }));
    },
    async open(limit) {
      return (await pool.query(`SELECT * FROM emergency_requests WHERE phase IN ${OPEN_PHASES} ORDER BY requested_at, id LIMIT $1`, [limit])).rows.map(request);
    },
    async plainGates(limit) {
      return (await pool.query(`SELECT user_id, trustee_id, generation, gate FROM emergency_settings WHERE ${PLAIN_GATE_WHERE} LIMIT $1`, [limit])).rows;
    },
    async replaceGates(changes) {
      let n = 0;
      for (const c of changes) {
        n += (await pool.query('UPDATE emergency_settings SET gate = $1 WHERE user_id = $2 AND trustee_id = $3 AND gate = $4', [c.to, c.user_id, c.trustee_id, c.gate])).rowCount ?? 0;
      }
      return n;
    },
  };
}
