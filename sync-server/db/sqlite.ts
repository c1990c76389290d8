/**
 * Opens the SQLite database and applies migrations. WAL with synchronous=FULL so that an
 * acknowledged write survives a crash (issue #9 "Durability"); foreign keys on; secure_delete on.
 * Migrations are the `.sql` files of `db/migrations/`, applied once each in file-name order,
 * each in its own transaction, recorded in `schema_migrations`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

export type Db = Database.Database;

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/** Opens (creating if needed) the database at `file` (':memory:' allowed) and migrates it. */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('secure_delete = ON'); // deleted rows are overwritten, not left in free pages (issue #16)
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Applies every migration file not yet recorded. Throws (and rolls that file back) on SQL errors. */
export function migrate(db: Db): string[] {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)');
  const done = new Set(
    (db.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]).map((r) => r.name),
  );
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const sql = readFileSync(MIGRATIONS_DIR + name, 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)').run(name, new Date().toISOString());
    })();
    applied.push(name);
  }
  return applied;
}
