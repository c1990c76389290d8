/**
 * Web Push subscriptions (sync-server/push/), one shape for both engines: SQLite's here,
 * PostgreSQL's in pg/pg-push-store.ts; both pass push-store.contract.ts. An account keeps at most
 * MAX_PUSH_SUBSCRIPTIONS (a new one beyond it replaces the oldest), so no account can grow the
 * table or the work of a reminder without bound (SECURITY.md "Limits").
 */
import type { Db } from '../db/sqlite';

/** Subscriptions kept per account: its phones, tablets and computers. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export interface PushSubscriptionRow {
  user_id: string;
  /** The push service's URL for this browser (https). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  created_at: number;
}

export interface AsyncPushStore {
  /** Adds or refreshes (same account and endpoint: new keys, new date) a subscription; drops the account's oldest beyond the limit. */
  add(row: PushSubscriptionRow): Promise<void>;
  /** The account's subscriptions, newest first. */
  list(userId: string): Promise<PushSubscriptionRow[]>;
  /** Removes one of the account's subscriptions; true when there was one. */
  remove(userId: string, endpoint: string): Promise<boolean>;
}

/** The SQLite push store over `db` (migration 011 applied). */
export function createSqlitePushStore(db: Db): AsyncPushStore {
  const q = {
    upsert: db.prepare(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`,
    ),
    trim: db.prepare(
      `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint NOT IN
         (SELECT endpoint FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, endpoint LIMIT ?)`,
    ),
    list: db.prepare<[string], PushSubscriptionRow>('SELECT * FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, endpoint'),
    remove: db.prepare('DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?'),
  };
  const add = db.transaction((r: PushSubscriptionRow) => {
    q.upsert.run(r.user_id, r.endpoint, r.p256dh, r.auth, r.created_at);
    q.trim.run(r.user_id, r.user_id, MAX_PUSH_SUBSCRIPTIONS);
  });
  return {
    add: async (r) => void add(r),
    list: async (userId) => q.list.all(userId),
    remove: async (userId, endpoint) => q.remove.run(userId, endpoint).changes > 0,
  };
}
