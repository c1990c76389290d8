/**
 * vitest globalSetup of the unit projects (issue 41: CI in at most 12 minutes): the run's temporary
 * files go to one folder in memory (/dev/shm, tmpfs) instead of the disk, and that folder is
 * removed when the run ends. The server's SQLite files are opened with synchronous=FULL
 * (db/sqlite.ts), so every commit waits for an fsync; on this machine's disk that was ~8 ms under
 * load, and hostile-tenant.test.ts alone made 1,164 of them. On tmpfs an fsync returns at once,
 * with the same SQLite, the same pragmas and the same files: hostile-tenant.test.ts with
 * sqlite-record-store.test.ts took 31.8 s wall (17.8 CPU-s) in /tmp and 15.5 s (15.2 CPU-s) here,
 * at load ~7. Child processes started by tests (crash tests, the live server) inherit TMPDIR, so
 * their files are there too; a SIGKILL of such a process keeps its writes as on a disk (the page
 * cache is the file). Removing the folder at the end also removes what tests leave behind (two
 * server files left 29 folders, 88 MB).
 *
 * Nothing changes when TMPDIR is set already, or without a writable /dev/shm.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const MARK = 'AFTERWORD_UNIT_TMPDIR';

/** Points TMPDIR (os.tmpdir()) of this run and its workers at a fresh folder in /dev/shm; returns the teardown that removes it. */
export default function setup(): () => void {
  if (process.env.TMPDIR || process.env[MARK]) return () => {};
  let dir: string;
  try {
    dir = mkdtempSync(join('/dev/shm', 'afterword-unit-'));
  } catch {
    return () => {};
  }
  process.env.TMPDIR = process.env[MARK] = dir;
  return () => {
    rmSync(dir, { recursive: true, force: true });
    delete process.env.TMPDIR;
    delete process.env[MARK];
  };
}
