/**
 * Where emergency access is kept (tables `emergency_settings` and `emergency_requests`, SQLite
 * migration 025; PostgreSQL's twin in pg-emergency-store.ts, one contract:
 * emergency-store.contract.ts). Only what the owner's device sealed or wrapped, the gate sealed
 * under the release key (sharing/gate-seal.ts; it opens nothing without the trustee's kit secret
 * either, docs/sharing.md) and when each step happened.
 */
import type { Db } from '../../db/sqlite';
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import type { EmergencyPhase } from '../model/emergency';
import { BUNDLE_OPENED, EMERGENCY_OPENINGS, OPENING_GAP_MS } from './openings-sql';

/** What one trustee may open in an emergency, and after what wait (times in ms). */
export interface EmergencySettingRow {
  user_id: string;
  trustee_id: string;
  /** The owner's order: lower asks first. */
  position: number;
  wait_hours: number;
  /** The kit generation the wrap was made for (emergencyKey binds it). */
  generation: number;
  /** JSON array of document ids. */
  items: string;
  /** The gate sealed under the release key (`e1.…`, gate-seal.ts); plain base64url in rows from before migration 027. */
  gate: string;
  wrap: string;
  bundle: string;
  updated_at: number;
  /** The version of the owner's emergency choice it was sealed from (migration 030); null in rows from before, and from a device that sent none. */
  choice_version: number | null;
}

/** One handing-out of the gate to the trustee of a granted request (table `emergency_openings`, migration 036; time in ms). */
export interface EmergencyOpeningRow {
  request_id: string;
  opened_at: number;
}

/** One request (model/emergency.ts EmergencyState, times in ms). */
export interface EmergencyRequestRow {
  id: string;
  user_id: string;
  trustee_id: string;
  phase: EmergencyPhase;
  wait_hours: number;
  requested_at: number;
  notified_at: number | null;
  wait_ends_at: number | null;
  decided_at: number | null;
  granted_at: number | null;
  ended_at: number | null;
}

export interface AsyncEmergencyStore {
  /**
   * Adds or replaces the owner's setting for one trustee (a new choice); false (nothing written)
   * when its choice version is not above the one held nor above the highest kept past a remove
   * (choiceNewer, aboveMark; security review s22 H1), or, given `basedOn`, when the choice version
   * held now is not `basedOn` (0: none held; basedOnHeld).
   */
  putSetting(row: EmergencySettingRow, basedOn?: number): Promise<boolean>;
  /** Replaces the owner's setting for `row`'s trustee only when one exists sealed from the same choice version (choiceSame: a refresh re-seals the same choice); false (nothing written) otherwise. */
  refreshSetting(row: EmergencySettingRow): Promise<boolean>;
  /**
   * Deletes the owner's setting for one trustee (no-op when none), keeping its choice version as the
   * highest (emergency_choice_marks), kept at `at` (ms); the owner's marks beyond the store's
   * `marksKept` go, the least recently kept first (StoreOptions). Given `basedOn` (the choice the
   * removal was made from: a Remove saved offline, docs/sharing.md "A choice saved offline"), only
   * while the setting held is that choice (or none is held: removed already); false, nothing
   * deleted, when another choice is held (changed on another device meanwhile). True otherwise.
   */
  deleteSetting(userId: string, trusteeId: string, at: number, basedOn?: number): Promise<boolean>;
  /**
   * The owner deleted trustee `trusteeId` (their record, services.ts): their setting (gate, wrap,
   * bundle) and the marks kept for them go (security review s23 L3: a deleted trustee's setting was
   * kept for ever). Their requests stay, for the owner's timeline; the scheduler ends a running one.
   */
  forgetTrustee(userId: string, trusteeId: string): Promise<void>;
  /** The highest choice version held per trustee of the owner, set or removed (trustee id → version): of `settings` (the owner's, as the caller just read them) and the marks kept past a remove (one read). */
  choiceVersions(userId: string, settings: readonly EmergencySettingRow[]): Promise<Record<string, number>>;
  /** The owner's settings, in their order. */
  settings(userId: string): Promise<EmergencySettingRow[]>;
  /** Adds a request; false when the id is taken. */
  insertRequest(row: EmergencyRequestRow): Promise<boolean>;
  /** One request by id, whoever owns it, or undefined. */
  request(id: string): Promise<EmergencyRequestRow | undefined>;
  /** The owner's requests, newest first (at most `limit`). */
  requests(userId: string, limit: number): Promise<EmergencyRequestRow[]>;
  /** Writes `next` when the stored row is still in phase `from` (compare-and-set); false otherwise. */
  updateRequest(next: EmergencyRequestRow, from: EmergencyPhase): Promise<boolean>;
  /**
   * Notes that the trustee of request `id` was handed the gate at `now` (their page opened the items):
   * one more row of its openings, none within OPENING_GAP_MS of the one before (a reload), the newest
   * OPENINGS_KEPT kept (the same rule as a share's openings).
   */
  opened(id: string, now: number): Promise<void>;
  /** Every opening of the owner's requests, newest first. */
  openings(userId: string): Promise<EmergencyOpeningRow[]>;
  /** Notes that the trustee's page opened the bundle of request `id` at `now`, unless it said so before; resolves the time kept (the first). */
  bundleOpened(id: string, now: number): Promise<number>;
  /** When the trustee's page opened the bundle, per request of the owner's that has one, newest first. */
  bundleOpenings(userId: string): Promise<EmergencyOpeningRow[]>;
  /** Requests the scheduler must look at: every `requested`, `waiting` and `granted` one (few: one per account at a time). */
  open(limit: number): Promise<EmergencyRequestRow[]>;
  /** Settings whose gate is still stored plain (from before migration 027), at most `limit`. */
  plainGates(limit: number): Promise<PlainGateRow[]>;
  /** Writes each `to` gate where the row still holds its `from` (compare-and-set; a setting put meanwhile wins). Returns how many were written. */
  replaceGates(changes: ReadonlyArray<PlainGateRow & { to: string }>): Promise<number>;
}

/** How many choice marks an account keeps (default: the trustees limit, shared/limits.ts: one per live trustee). */
export interface EmergencyStoreOptions {
  marksKept: number;
}
export const DEFAULT_STORE_OPTIONS: EmergencyStoreOptions = { marksKept: ACCOUNT_LIMITS.trustees };

/** A setting's gate as stored, with what binds its sealing (gate-seal.ts GatePlace). */
export type PlainGateRow = Pick<EmergencySettingRow, 'user_id' | 'trustee_id' | 'generation' | 'gate'>;

const REQUEST_COLUMNS = 'id, user_id, trustee_id, phase, wait_hours, requested_at, notified_at, wait_ends_at, decided_at, granted_at, ended_at';
/** The columns the compare-and-set writes (shared with pg-emergency-store.ts). */
export const REQUEST_STEP_COLUMNS = ['phase', 'notified_at', 'wait_ends_at', 'decided_at', 'granted_at', 'ended_at'] as const;
export const SETTING_COLUMNS = ['user_id', 'trustee_id', 'position', 'wait_hours', 'generation', 'items', 'gate', 'wrap', 'bundle', 'updated_at', 'choice_version'] as const;
/**
 * The compare-and-set of a new setting's choice version (`held` the stored row's column, `sent` the
 * new one's): written only when no version is held (a row from before) or the new one is above it
 * (one choice per version); an unversioned setting never replaces a versioned one.
 */
export const choiceNewer = (held: string, sent: string) => `(${held} IS NULL OR (${sent} IS NOT NULL AND ${sent} > ${held}))`;
/**
 * The choice version held for owner `user` and trustee `trustee` as column `v` (0 for a row from
 * before versions; no row when none is held): what a save (basedOnHeld) and a Remove with `basedOn`
 * (deleteSetting, on both engines) compare with.
 */
export const HELD_CHOICE = (user: string, trustee: string) => `SELECT COALESCE(choice_version, 0) AS v FROM emergency_settings WHERE user_id = ${user} AND trustee_id = ${trustee}`;
/**
 * A new choice's compare-and-set on what it was edited from (`based` null: not checked): the
 * version held now for that owner and trustee, 0 when none is held (or a row from before versions),
 * must be `based`. Read in the statement that writes, so a Remove or save committed before it is seen.
 */
export const basedOnHeld = (user: string, trustee: string, based: string) => `(${based} IS NULL OR COALESCE((${HELD_CHOICE(user, trustee)}), 0) = ${based})`;
/** A refresh's compare-and-set: the same choice version as held (or none held: a row from before). */
export const choiceSame = (held: string, sent: string) => `(${held} IS NULL OR ${held} = ${sent})`;
/** True when `sent` is above the highest version kept past a remove for that owner and trustee (or none is kept). */
export const aboveMark = (user: string, trustee: string, sent: string) =>
  `NOT EXISTS (SELECT 1 FROM emergency_choice_marks m WHERE m.user_id = ${user} AND m.trustee_id = ${trustee} AND (${sent} IS NULL OR m.high >= ${sent}))`;
/** Keeps each removed row's version as the highest, kept at `at` (`greatest` the dialect's function; `from` what the deleted rows are read from). */
export const keepMark = (greatest: string, from: string, at: string) =>
  `INSERT INTO emergency_choice_marks (user_id, trustee_id, high, kept_at) SELECT user_id, trustee_id, choice_version, ${at} FROM ${from} WHERE choice_version IS NOT NULL
   ON CONFLICT (user_id, trustee_id) DO UPDATE SET high = ${greatest}(emergency_choice_marks.high, excluded.high), kept_at = excluded.kept_at`;
/** Deletes owner `user`'s marks beyond the newest `keep` (by kept_at; one index range by user_id). */
export const trimMarks = (user: string, keep: string) =>
  `DELETE FROM emergency_choice_marks WHERE user_id = ${user} AND trustee_id NOT IN (
     SELECT trustee_id FROM emergency_choice_marks WHERE user_id = ${user} ORDER BY kept_at DESC, trustee_id LIMIT ${keep})`;
export const FORGET_MARKS = (user: string, trustee: string) => `DELETE FROM emergency_choice_marks WHERE user_id = ${user} AND trustee_id = ${trustee}`;
/** A deleted trustee's setting (forgetTrustee). */
export const FORGET_SETTING = (user: string, trustee: string) => `DELETE FROM emergency_settings WHERE user_id = ${user} AND trustee_id = ${trustee}`;
/** The versions kept past a remove for owner `user`: one index range by user_id (versionsOf merges them with the settings'). */
export const MARKS_READ = (user: string) => `SELECT trustee_id, high FROM emergency_choice_marks WHERE user_id = ${user}`;
/** `settings`' versions and the `marks` rows (MARKS_READ) as trustee id → the highest version. */
export const versionsOf = (settings: readonly EmergencySettingRow[], marks: ReadonlyArray<{ trustee_id: string; high: unknown }>): Record<string, number> =>
  [...settings.flatMap((s) => (s.choice_version === null ? [] : [{ trustee_id: s.trustee_id, high: s.choice_version }])), ...marks].reduce<Record<string, number>>(
    (all, r) => ({ ...all, [r.trustee_id]: Math.max(all[r.trustee_id] ?? 0, Number(r.high)) }),
    {},
  );
export const OPEN_PHASES = "('requested', 'waiting', 'granted')";
/** The rows whose gate is not sealed: the condition of migration 027's partial index, word for word (so it is used). */
export const PLAIN_GATE_WHERE = "substr(gate, 1, 3) <> 'e1.'";

/** The SQLite store over `db` (migrations applied), keeping at most `opts.marksKept` marks per account. */
export function createSqliteEmergencyStore(db: Db, opts: EmergencyStoreOptions = DEFAULT_STORE_OPTIONS): AsyncEmergencyStore {
  const q = {
    put: db.prepare(
      `INSERT INTO emergency_settings (${SETTING_COLUMNS.join(', ')}) SELECT ${SETTING_COLUMNS.map((c) => `@${c}`).join(', ')}
       WHERE ${aboveMark('@user_id', '@trustee_id', '@choice_version')} AND ${basedOnHeld('@user_id', '@trustee_id', '@based_on')}
       ON CONFLICT (user_id, trustee_id) DO UPDATE SET ${SETTING_COLUMNS.slice(2).map((c) => `${c} = excluded.${c}`).join(', ')}
       WHERE ${choiceNewer('emergency_settings.choice_version', 'excluded.choice_version')}`,
    ),
    refresh: db.prepare(
      `UPDATE emergency_settings SET ${SETTING_COLUMNS.slice(2).map((c) => `${c} = @${c}`).join(', ')} WHERE user_id = @user_id AND trustee_id = @trustee_id AND ${choiceSame('choice_version', '@choice_version')}`,
    ),
    del: db.prepare('DELETE FROM emergency_settings WHERE user_id = ? AND trustee_id = ?'),
    held: db.prepare<[string, string], { v: number }>(HELD_CHOICE('?', '?')),
    mark: db.prepare(keepMark('max', '(SELECT * FROM emergency_settings WHERE user_id = @user AND trustee_id = @trustee)', '@at')),
    trim: db.prepare(trimMarks('@user', '@keep')),
    forget: db.prepare(FORGET_MARKS('?', '?')),
    forgetSetting: db.prepare(FORGET_SETTING('?', '?')),
    marks: db.prepare<[string], { trustee_id: string; high: number }>(MARKS_READ('?')),
    settings: db.prepare<[string], EmergencySettingRow>('SELECT * FROM emergency_settings WHERE user_id = ? ORDER BY position, trustee_id'),
    insert: db.prepare(`INSERT INTO emergency_requests (${REQUEST_COLUMNS}) VALUES (${REQUEST_COLUMNS.split(', ').map((c) => `@${c}`).join(', ')}) ON CONFLICT (id) DO NOTHING`),
    get: db.prepare<[string], EmergencyRequestRow>('SELECT * FROM emergency_requests WHERE id = ?'),
    list: db.prepare<[string, number], EmergencyRequestRow>('SELECT * FROM emergency_requests WHERE user_id = ? ORDER BY requested_at DESC, id LIMIT ?'),
    update: db.prepare(`UPDATE emergency_requests SET ${REQUEST_STEP_COLUMNS.map((c) => `${c} = @${c}`).join(', ')} WHERE id = @id AND phase = @from`),
    open: db.prepare<[number], EmergencyRequestRow>(`SELECT * FROM emergency_requests WHERE phase IN ${OPEN_PHASES} ORDER BY requested_at, id LIMIT ?`),
    plain: db.prepare<[number], PlainGateRow>(`SELECT user_id, trustee_id, generation, gate FROM emergency_settings WHERE ${PLAIN_GATE_WHERE} LIMIT ?`),
    replace: db.prepare('UPDATE emergency_settings SET gate = @to WHERE user_id = @user_id AND trustee_id = @trustee_id AND gate = @gate'),
    opening: db.prepare(EMERGENCY_OPENINGS.add('@id', '@now', '@gap')),
    pruneOpenings: db.prepare(EMERGENCY_OPENINGS.prune('@id')),
    openings: db.prepare<[string], EmergencyOpeningRow>(EMERGENCY_OPENINGS.ofOwner('?')),
    bundleOpened: db.prepare<[string, number], { opened_at: number }>(BUNDLE_OPENED.add('?', '?')),
    bundleOpenings: db.prepare<[string], EmergencyOpeningRow>(BUNDLE_OPENED.ofOwner('?')),
  };
  const noteOpening = db.transaction((id: string, now: number) => {
    if (q.opening.run({ id, now, gap: OPENING_GAP_MS }).changes > 0) q.pruneOpenings.run({ id }); // a reload within the gap adds none
  });
  const removeSetting = db.transaction((userId: string, trusteeId: string, at: number, basedOn?: number) => {
    if (basedOn !== undefined) {
      const held = q.held.get(userId, trusteeId);
      if (held && held.v !== basedOn) return false; // another choice held: not removed over it
    }
    if (q.mark.run({ user: userId, trustee: trusteeId, at }).changes > 0) q.trim.run({ user: userId, keep: opts.marksKept });
    q.del.run(userId, trusteeId);
    return true;
  });
  const forgetTrustee = db.transaction((userId: string, trusteeId: string) => {
    q.forget.run(userId, trusteeId);
    q.forgetSetting.run(userId, trusteeId);
  });
  const replaceAll = db.transaction((changes: ReadonlyArray<PlainGateRow & { to: string }>) => changes.reduce((n, c) => n + q.replace.run(c).changes, 0));
  return {
    putSetting: async (row, basedOn) => q.put.run({ ...row, based_on: basedOn ?? null }).changes > 0,
    refreshSetting: async (row) => q.refresh.run(row).changes > 0,
    deleteSetting: async (userId, trusteeId, at, basedOn) => removeSetting(userId, trusteeId, at, basedOn),
    forgetTrustee: async (userId, trusteeId) => void forgetTrustee(userId, trusteeId),
    choiceVersions: async (userId, settings) => versionsOf(settings, q.marks.all(userId)),
    settings: async (userId) => q.settings.all(userId),
    insertRequest: async (row) => q.insert.run(row).changes > 0,
    request: async (id) => q.get.get(id),
    requests: async (userId, limit) => q.list.all(userId, limit),
    updateRequest: async (next, from) => q.update.run({ ...next, from }).changes > 0,
    open: async (limit) => q.open.all(limit),
    opened: async (id, now) => void noteOpening(id, now),
    openings: async (userId) => q.openings.all(userId),
    async bundleOpened(id, now) {
      return q.bundleOpened.get(id, now)!.opened_at;
    },
    bundleOpenings: async (userId) => q.bundleOpenings.all(userId),
    plainGates: async (limit) => q.plain.all(limit),
    async replaceGates(changes) {
      const n = replaceAll(changes);
      if (n > 0) db.pragma('wal_checkpoint(TRUNCATE)'); // secure_delete overwrote the plain gate in the file; no copy stays in the WAL
      return n;
    },
  };
}
