/**
 * Web Push subscriptions on PostgreSQL: AsyncPushStore (db/push-store.ts) over a `pg` Pool, with
 * SQLite's semantics (push-store.contract.ts). Adding and trimming to the account's limit run in
 * one transaction, the account's rows locked, so two devices subscribing at once keep the limit.
 */
import type pg from 'pg';
import { MAX_PUSH_SUBSCRIPTIONS, type AsyncPushStore, type PushSubscriptionRow } from './push-store';

type Row = Omit<PushSubscriptionRow, 'created_at'> & { created_at: string };
const toRow = (r: Row): PushSubscriptionRow => ({ ...r, created_at: Number(r.created_at) });

/** The push store over `pool` (migrations of db/pg/ applied). */
export function createPgPushStore(pool: pg.Pool): AsyncPushStore {
  return {
    async add(r) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [r.user_id]);
        await client.query(
          `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (user_id, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, created_at = excluded.created_at`,
          [r.user_id, r.endpoint, r.p256dh, r.auth, r.created_at],
        );
        await client.query(
          `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint NOT IN
             (SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, endpoint LIMIT $2)`,
          [r.user_id, MAX_PUSH_SUBSCRIPTIONS],
        );
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async list(userId) {
      const { rows } = await pool.query<Row>('SELECT * FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, endpoint', [userId]);
      return rows.map(toRow);
    },
    async remove(userId, endpoint) {
      return ((await pool.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [userId, endpoint])).rowCount ?? 0) > 0;
    },
  };
}
