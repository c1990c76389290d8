/**
 * Where shares are kept (table `shares`, SQLite migration 024; PostgreSQL's twin in
 * pg-share-store.ts, same semantics, one contract: share-store.contract.ts). The store holds only
 * what the owner's device sealed or wrapped (docs/sharing.md "What the server stores"): never a
 * share key, an item's text or a person's name in the clear.
 */
import type { ShareKind } from '../../../shared/share-items';
import type { Db } from '../../db/sqlite';
import type { SharePhase } from '../model';
import { OPENING_GAP_MS, SHARE_OPENINGS } from './openings-sql';

/** One share (times in ms). */
export interface ShareRow {
  id: string;
  user_id: string;
  item_kind: ShareKind;
  item_id: string;
  phase: SharePhase;
  revision: number;
  /** The owner's `docs` scope key id the wrap was made under (null once stopped). */
  owner_kid: string | null;
  /** The share key wrapped under that scope key (w1; null once stopped). */
  owner_wrap: string | null;
  /** The person's name, sealed under the share key (s1 label; null once stopped). */
  label: string | null;
  /** The item's copy sealed under the share key at `revision` (s1; null before the first and once stopped). */
  copy: string | null;
  created_at: number;
  updated_at: number;
  opened_at: number | null;
  stopped_at: number | null;
  /** Once stopped: the owner's key id, wrap and sealed name it held (migration 031), for the owner's timeline only; null before, and in rows stopped before 031. */
  kept_kid?: string | null;
  kept_wrap?: string | null;
  kept_label?: string | null;
}

/** One opening of a share by its viewer (table `share_openings`, migration 031; time in ms). */
export interface ShareOpeningRow {
  share_id: string;
  opened_at: number;
}

export { OPENING_GAP_MS, OPENINGS_KEPT } from './openings-sql';

export interface AsyncShareStore {
  /** Adds a new share (phase `created`); false when the id is taken. */
  insert(row: ShareRow): Promise<boolean>;
  /** One share by id, whoever owns it (the viewer's route), or undefined. */
  get(id: string): Promise<ShareRow | undefined>;
  /** The owner's shares, of one item when `itemId` is given, newest first. */
  list(userId: string, itemId?: string): Promise<ShareRow[]>;
  /** How many shares the owner has that are not stopped (the per-account bound). */
  countLive(userId: string): Promise<number>;
  /** Stores `copy` as `revision` when the share is live and still at `after` (compare-and-set); false otherwise. */
  publish(userId: string, id: string, after: number, revision: number, copy: string, now: number): Promise<boolean>;
  /** Stops a live share: deletes its copy, and moves its wrap and sealed name to kept_* (the owner's timeline); false when it was not live. */
  stop(userId: string, id: string, now: number): Promise<boolean>;
  /** Notes that an active share was opened at `now`: its last opening, and one more row of its openings (none within OPENING_GAP_MS of the one before; the newest OPENINGS_KEPT kept). */
  opened(id: string, now: number): Promise<void>;
  /** Every opening of the owner's shares, newest first. */
  openings(userId: string): Promise<ShareOpeningRow[]>;
  /** Deletes the owner's stopped shares beyond the `keep` most recently stopped (their rows hold no copy, only when). */
  pruneStopped(userId: string, keep: number): Promise<void>;
}

/**
 * The SET clause that stops a share (shared with pg-share-store.ts, so both delete the same
 * columns): the copy is deleted; the wrap and the sealed name move to kept_* (each right side is
 * the row's value before the update, in SQLite and PostgreSQL alike).
 */
export const STOP_COLUMNS = "kept_kid = owner_kid, kept_wrap = owner_wrap, kept_label = label, phase = 'stopped', copy = NULL, owner_wrap = NULL, owner_kid = NULL, label = NULL";

/** The SQLite store over `db` (migration 024 applied). */
export function createSqliteShareStore(db: Db): AsyncShareStore {
  const q = {
    insert: db.prepare(
      `INSERT INTO shares (id, user_id, item_kind, item_id, phase, revision, owner_kid, owner_wrap, label, copy, created_at, updated_at, opened_at, stopped_at)
       VALUES (@id, @user_id, @item_kind, @item_id, @phase, @revision, @owner_kid, @owner_wrap, @label, @copy, @created_at, @updated_at, @opened_at, @stopped_at)
       ON CONFLICT (id) DO NOTHING`,
    ),
    get: db.prepare<[string], ShareRow>('SELECT * FROM shares WHERE id = ?'),
    all: db.prepare<[string], ShareRow>('SELECT * FROM shares WHERE user_id = ? ORDER BY created_at DESC, id'),
    ofItem: db.prepare<[string, string], ShareRow>('SELECT * FROM shares WHERE user_id = ? AND item_id = ? ORDER BY created_at DESC, id'),
    live: db.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM shares WHERE user_id = ? AND phase <> 'stopped'"),
    publish: db.prepare(
      "UPDATE shares SET phase = 'active', revision = ?, copy = ?, updated_at = ? WHERE user_id = ? AND id = ? AND phase <> 'stopped' AND revision = ?",
    ),
    stop: db.prepare(`UPDATE shares SET ${STOP_COLUMNS}, updated_at = ?, stopped_at = ? WHERE user_id = ? AND id = ? AND phase <> 'stopped'`),
    opened: db.prepare("UPDATE shares SET opened_at = ? WHERE id = ? AND phase = 'active'"),
    opening: db.prepare(SHARE_OPENINGS.add('@id', '@now', '@gap')),
    pruneOpenings: db.prepare(SHARE_OPENINGS.prune('@id')),
    openings: db.prepare<[string], ShareOpeningRow>(SHARE_OPENINGS.ofOwner('?')),
    prune: db.prepare(
      `DELETE FROM shares WHERE user_id = ? AND phase = 'stopped' AND id NOT IN
         (SELECT id FROM shares WHERE user_id = ? AND phase = 'stopped' ORDER BY stopped_at DESC, id LIMIT ?)`,
    ),
  };
  const noteOpening = db.transaction((id: string, now: number) => {
    if (q.opened.run(now, id).changes === 0) return; // not active: no opening
    if (q.opening.run({ id, now, gap: OPENING_GAP_MS }).changes > 0) q.pruneOpenings.run({ id }); // a reload within the gap adds none: nothing to prune
  });
  return {
    insert: async (row) => q.insert.run(row).changes > 0,
    get: async (id) => q.get.get(id),
    list: async (userId, itemId) => (itemId === undefined ? q.all.all(userId) : q.ofItem.all(userId, itemId)),
    countLive: async (userId) => q.live.get(userId)!.n,
    publish: async (userId, id, after, revision, copy, now) => q.publish.run(revision, copy, now, userId, id, after).changes > 0,
    stop: async (userId, id, now) => q.stop.run(now, now, userId, id).changes > 0,
    opened: async (id, now) => void noteOpening(id, now),
    openings: async (userId) => q.openings.all(userId),
    pruneStopped: async (userId, keep) => void q.prune.run(userId, userId, keep),
  };
}
