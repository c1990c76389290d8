/**
 * The yearly sharing reminder's store on PostgreSQL: AsyncReminderStore (reminder-store.ts) over a
 * `pg` Pool, with SQLite's semantics (pg migration 027).
 */
import type pg from 'pg';
import type { AsyncReminderStore } from './reminder-store';

/** The store over `pool` (migrations of db/pg/ applied). */
export function createPgReminderStore(pool: pg.Pool): AsyncReminderStore {
  return {
    async arm(userId, dueAt) {
      await pool.query('INSERT INTO sharing_reminders (user_id, due_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING', [userId, dueAt]);
    },
    async due(now, limit) {
      const { rows } = await pool.query<{ user_id: string; due_at: string }>('SELECT user_id, due_at FROM sharing_reminders WHERE due_at <= $1 ORDER BY due_at, user_id LIMIT $2', [now, limit]);
      return rows.map((r) => ({ user_id: r.user_id, due_at: Number(r.due_at) }));
    },
    async advance(userId, from, to) {
      return ((await pool.query('UPDATE sharing_reminders SET due_at = $1 WHERE user_id = $2 AND due_at = $3', [to, userId, from])).rowCount ?? 0) > 0;
    },
  };
}
