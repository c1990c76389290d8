/**
 * `npm run backup -- <dest>`: a consistent copy of the live database using SQLite's online
 * backup API (better-sqlite3 `db.backup()`), safe while the server runs and writes (WAL).
 * Issue #9 "Durability"; OWASP ASVS 5.0 14.2.x (backups of sensitive data), see SECURITY.md.
 *
 * Reads DATA_DIR (default ./data) like the server. `<dest>` is a file path, or a directory in
 * which `afterword-<UTC timestamp>.db` is created. The copy is checked with
 * `PRAGMA integrity_check` before the command reports success. The backup holds what the
 * database holds (SECURITY.md "Operations"): every account's plain fields, sealed accounts'
 * envelopes and wrapped keys, the release escrow, and the words of accounts not sealed yet in
 * plain text: store it like the live database (mode 0600 is set), never beside the release key.
 *
 * With DATABASE_URL it refuses (exit 2): the data is in PostgreSQL; pg_dump backs it up.
 *
 * Restore: stop the server, copy the backup file to DATA_DIR/afterword.db (delete any
 * afterword.db-wal / afterword.db-shm beside it), start the server.
 */
import { chmodSync, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';

export const DB_FILE = 'afterword.db';

/** Backs up `source` (a SQLite file) to `dest` (file or directory); returns the file written. Throws if the copy fails its integrity check. */
export async function backupDatabase(source: string, dest: string): Promise<string> {
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  const target = existsSync(dest) && statSync(dest).isDirectory()
    ? join(dest, `afterword-${new Date().toISOString().replace(/[:.]/g, '-')}.db`)
    : resolve(dest);
  const db = new Database(source, { fileMustExist: true });
  try {
    await db.backup(target);
  } finally {
    db.close();
  }
  chmodSync(target, 0o600);
  const copy = new Database(target, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE'); // one self-contained file, no -wal/-shm beside it
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`Backup at ${target} failed its integrity check: ${String(result)}`);
  } finally {
    copy.close();
  }
  return target;
}

async function main(argv: string[]) {
  const dest = argv[0];
  if (!dest) {
    console.error('Usage: npm run backup -- <destination file or directory>');
    process.exit(2);
  }
  if (process.env.DATABASE_URL) {
    // The data is in PostgreSQL (and the files in S3_BUCKET or each instance's DATA_DIR/blobs): copying DATA_DIR would back up nothing.
    console.error('DATABASE_URL is set: the data lives in PostgreSQL, not in DATA_DIR. Back it up with pg_dump (or your provider\'s backups), and the S3 bucket with its own tools.');
    process.exit(2);
  }
  const source = join(resolve(process.env.DATA_DIR ?? './data'), DB_FILE);
  const written = await backupDatabase(source, dest);
  console.log(`Backed up ${source} to ${written}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((err: Error) => {
    console.error(err.message);
    process.exit(1);
  });
}
