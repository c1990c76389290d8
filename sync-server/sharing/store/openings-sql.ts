/**
 * The owner's timeline keeps each opening (issue 43 "The owner always knows"): of a share by its
 * viewer (`share_openings`, migration 031) and of a granted emergency request by its trustee's page
 * (`emergency_openings`, migration 036). One rule for both, in one place: an opening within
 * OPENING_GAP_MS of the one before is the same opening (a reload), and the newest OPENINGS_KEPT of
 * each share or request are kept. The SQL is SQLite's and PostgreSQL's alike; each argument is the
 * text of a parameter (`@id`, `$1::bigint`, …). On PostgreSQL the openings of one parent take turns
 * on its row (the caller locks it first), so two at once within the minute make one.
 */

/** Openings closer than this to the one before are the same opening (a reload). */
export const OPENING_GAP_MS = 60_000;
/** At most this many openings are kept per share or request (the newest). */
export const OPENINGS_KEPT = 50;

/** One table of openings: its name, the column naming its parent, and the parent table (with `id` and `user_id`). */
interface OpeningsTable {
  table: 'share_openings' | 'emergency_openings';
  key: 'share_id' | 'request_id';
  parent: 'shares' | 'emergency_requests';
}

/** The statements of table `t`: add one opening (unless within the gap), prune to the newest kept, and an owner's openings newest first. */
const openingsSql = ({ table, key, parent }: OpeningsTable) => ({
  add: (id: string, now: string, gap: string) =>
    `INSERT INTO ${table} (${key}, opened_at) SELECT ${id}, ${now} WHERE NOT EXISTS (SELECT 1 FROM ${table} WHERE ${key} = ${id} AND opened_at > ${now} - ${gap}) ON CONFLICT DO NOTHING`,
  prune: (id: string) => `DELETE FROM ${table} WHERE ${key} = ${id} AND opened_at NOT IN (SELECT opened_at FROM ${table} WHERE ${key} = ${id} ORDER BY opened_at DESC LIMIT ${OPENINGS_KEPT})`,
  ofOwner: (user: string) => `SELECT o.${key}, o.opened_at FROM ${table} o JOIN ${parent} p ON p.id = o.${key} WHERE p.user_id = ${user} ORDER BY o.opened_at DESC, o.${key}`,
});

export const SHARE_OPENINGS = openingsSql({ table: 'share_openings', key: 'share_id', parent: 'shares' });
export const EMERGENCY_OPENINGS = openingsSql({ table: 'emergency_openings', key: 'request_id', parent: 'emergency_requests' });

/**
 * When the trustee's page opened a granted request's bundle (its own word, POST
 * /api/kit/:token/emergency/opened; `emergency_bundle_opened`, SQLite migration 037, PostgreSQL
 * 036): one row per request, the first time kept, so telling again changes nothing.
 */
export const BUNDLE_OPENED = {
  /** Keeps `now` unless a time is kept already, and answers the time kept: one statement (no read after the write that a deleted request could leave empty). */
  add: (id: string, now: string) =>
    `INSERT INTO emergency_bundle_opened (request_id, opened_at) VALUES (${id}, ${now}) ON CONFLICT (request_id) DO UPDATE SET opened_at = emergency_bundle_opened.opened_at RETURNING opened_at`,
  ofOwner: (user: string) => `SELECT b.request_id, b.opened_at FROM emergency_bundle_opened b JOIN emergency_requests r ON r.id = b.request_id WHERE r.user_id = ${user} ORDER BY b.opened_at DESC, b.request_id`,
};
