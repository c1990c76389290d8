/**
 * Where the yearly sharing reminder keeps when each owner's next one is due (table
 * `sharing_reminders`, SQLite migration 028; PostgreSQL's twin in pg-reminder-store.ts, one
 * contract: reminder-store.contract.ts). Only an account id and a time: nothing of what is shared.
 */
import type { Db } from '../../db/sqlite';

/** One owner's next reminder (ms). */
export interface ReminderRow {
  user_id: string;
  due_at: number;
}

export interface AsyncReminderStore {
  /** Notes that `userId` shares something: their reminder is due at `dueAt` unless one is already set (that date is kept). */
  arm(userId: string, dueAt: number): Promise<void>;
  /** The reminders due by `now`, oldest first, at most `limit`. */
  due(now: number, limit: number): Promise<ReminderRow[]>;
  /** Moves the owner's reminder to `to` when it is still due at `from` (compare-and-set); false when another pass moved it first. */
  advance(userId: string, from: number, to: number): Promise<boolean>;
}

/** The SQLite store over `db` (migration 028 applied). */
export function createSqliteReminderStore(db: Db): AsyncReminderStore {
  const q = {
    arm: db.prepare('INSERT INTO sharing_reminders (user_id, due_at) VALUES (?, ?) ON CONFLICT (user_id) DO NOTHING'),
    due: db.prepare<[number, number], ReminderRow>('SELECT user_id, due_at FROM sharing_reminders WHERE due_at <= ? ORDER BY due_at, user_id LIMIT ?'),
    advance: db.prepare('UPDATE sharing_reminders SET due_at = ? WHERE user_id = ? AND due_at = ?'),
  };
  return {
    arm: async (userId, dueAt) => void q.arm.run(userId, dueAt),
    due: async (now, limit) => q.due.all(now, limit),
    advance: async (userId, from, to) => q.advance.run(to, userId, from).changes > 0,
  };
}
