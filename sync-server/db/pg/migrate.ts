/**
 * Versioned migrations for PostgreSQL (issue #19), the counterpart of sqlite.ts's `migrate`:
 * the `.sql` files of `db/pg/migrations/`, applied once each in file-name order, each in its
 * own transaction, recorded in `schema_migrations`. Several instances may start at once: the
 * whole run holds a session advisory lock, so one migrates and the others wait, then find
 * nothing left to do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** The advisory-lock key of migrations (any constant; "Afterwd" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x41667465727764n;

/**
 * Applies every migration file of `dir` (default: db/pg/migrations/) not yet recorded; returns
 * the names it applied ([] when none). Throws on SQL errors naming the file, after rolling that
 * file back (earlier files stay applied).
 */
export async function migratePg(pool: pg.Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
      );
      const done = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name));
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .sort();
      const applied: string[] = [];
      for (const name of files) {
        if (done.has(name)) continue;
        const sql = readFileSync(join(dir, name), 'utf8');
        await client.query('BEGIN');
        try {
          await client.query(sql);
          await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
          await client.query('COMMIT');
        } catch (err) {
          await client.query('ROLLBACK');
          throw new Error(`PostgreSQL migration ${name} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(name);
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}
