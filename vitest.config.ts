import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import type { ProjectConfig } from 'vitest/node';
import { messageCatalogs } from './scripts/vite-catalogs';

/**
 * Three projects (vitest 4 `test.projects`); run both unit ones with `--project 'unit*'`:
 * - `unit`: shared/, web/ and bench/ tests in Node (Dexie over fake-indexeddb), each file in a
 *   fresh module graph (vitest's default isolation), and the server files listed below.
 * - `unit-server`: sync-server/ tests in Node (the real app over real SQLite files), with
 *   `isolate: false`: the files of one worker share its module graph, so the server's ~200 modules
 *   are imported once per worker instead of once per file. On 26 server files (auth, http, keys)
 *   on the shared 2-core machine: import 153 s → 14 s, CPU 109 s → 79 s, wall 341 s → 209 s. It is
 *   sound because a server file builds its app and services explicitly (test-support.ts
 *   createTestApp: own SQLite file, own config, own clock); the server's modules keep no state
 *   that one file could leave to another beyond caches keyed by their inputs (accounts/password.ts
 *   dummy hashes per cost). A file that mocks a module (vi.mock) needs its own graph: list it in
 *   ISOLATED_SERVER_FILES. Console spies are restored by the files that make them.
 * - `e2e`: browser tests in e2e/ that start the built app and drive Debian's Chromium via playwright-core.
 * All load vitest.setup.ts (byte arrays compare as bytes, in one memcmp).
 *
 * Unit files run in at least two workers: vitest's default (one less than the cores) is ONE worker
 * on the 2-core CI machine, which left the second core nearly idle (measured on 12 files: 38 s of
 * CPU in 124 s wall with one worker, 92 s with two on this shared machine). The e2e files run
 * E2E_FILES_AT_ONCE at a time (two), after the unit files when both projects run in one
 * invocation (sequence.groupOrder):
 * a browser test mostly waits (for the page, the server, sync), so one file at a time left the
 * machine half idle (34 files: 653 s of CPU in 1,065 s wall with two files at once, on a machine
 * also running six other jobs; CI took 14 min one at a time). Each file has its own server and
 * browser contexts, so two never share state. `npm test` (CI) runs the unit projects, then the
 * build and the e2e project. Side by side (two vitest processes) ended no sooner in a fresh-clone
 * run (unit 1,011 s and e2e 1,115 s at once, against 285 s + 854 s one after the other) and two
 * browser files then missed their 100 s sync bound (screens-across-devices, vault-files).
 * scripts/file-times-reporter.ts prints each file's time when a run ends, slowest first.
 *
 * Files start in vitest's own order: in a fresh clone (no results cache) the largest first. With
 * the durations of a full run on this machine, a longest-first order ended no earlier (simulated on
 * two workers: unit 1,067 s vs 1,066 s, e2e 1,199 s vs 1,196 s; the bound is the sum over two).
 */

/**
 * Browser files run two at a time on the 2-core CI machine. Three were tried (issue 41) and did
 * not pay: the same nine files took 142 s wall with two at once (load 5-10) and 146 s with three
 * (load 10-17), each file 65 % longer (sum 254 s -> 419 s), as the cores were already busy. What a
 * browser test spends is Chromium's work per page: one signed-up owner on a page is about 4.5 s of
 * Chromium CPU (new context 0.7, /register 0.4, sign-up to the dashboard 3.0, one more page load
 * 1.3; Argon2id itself is 0.33 s of it), so fewer sign-ups and page loads, not more files at once,
 * is what would make the run shorter. Of a new context's cost, the service worker's install (its
 * precache of the app shell, 217 files) is about 2.4 s of CPU, 90 % of it Chromium's (issue 41,
 * measured at load ~45: /login 3.8-4.2 CPU-s with the worker, 1.4-1.6 with it blocked; sign-up to
 * the dashboard 6.1 and 3.9).
 *
 * Session 24's fresh-clone run had every browser file 20-30 % slower than session 23's (kit-release-path
 * 46 -> 68 s, vault-files 88 -> 114 s) with no test changed that much. Timed side by side here, the old
 * commit (d6df0199) and the new (4b27fc69) in turn, one file at a time, at load 10-20 (issue 41,
 * session 25): kit-release-path wall 0.93, CPU 1.04 of the old (3 pairs); four sign-ups with an
 * in-app screen, a reload and idle time 1.04 and 1.03 (2 pairs; Chromium's CPU per sign-up
 * 2.2-3.5 s in both); a context's service-worker install (the precache grew 249 -> 278 files, the
 * new namespaces' catalogs in four more languages) 3.5-4.3 Chromium CPU-s in a 12 s window against
 * 3.9-4.4 (1.2-1.7 without the worker in both); screens-across-devices wall 1.07 and 1.49, CPU of its
 * Node processes (vitest, the server) 1.09 and 1.13 (2 pairs: a loaded machine's spread). So the code
 * made the browser files at most about a tenth slower, not 20-30 %: the rest was the two runs'
 * machines, not equally loaded, which is why only side-by-side figures count.
 */
const E2E_FILES_AT_ONCE = 2;

/** What both unit projects share. */
const unit: ProjectConfig = {
  environment: 'node',
  setupFiles: ['./vitest.setup.ts'],
  // The run's temporary files in memory, removed at the end (tmpfs-global-setup.ts: a SQLite commit
  // no longer waits for the disk's fsync); then one throwaway PostgreSQL per run for every file that
  // needs one (not an initdb per file; the second project's setup finds the first's, pg-global-setup.ts).
  globalSetup: ['./sync-server/test/tmpfs-global-setup.ts', './sync-server/test/pg-global-setup.ts'],
  maxWorkers: Math.max(2, availableParallelism() - 1),
  sequence: { groupOrder: 0 },
  // Bounds for a starved machine, not speeds (issue 41: green on a busy machine): in a fresh-clone
  // run at load ~40-50 three tests that take a few seconds on a quiet machine (rotate-flow,
  // hostile-tenant's attack 7, hostile-tenant-routes' victim) ran past the 30 s they had. A test
  // that gives its own timeout keeps it.
  testTimeout: 180_000,
  hookTimeout: 180_000,
};

/**
 * Server files that need a fresh module graph, so they run isolated, in the `unit` project: a file
 * that replaces a module for itself (vi.mock).
 *
 * The server files that drive the web app's devices over fake-indexeddb share their worker's graph
 * like the rest: Dexie reads the global `indexedDB` once, when it is first imported, so in a shared
 * graph a file that imported Dexie before `fake-indexeddb/auto` ran once left every later file with
 * "IndexedDB API missing" (CI run of 7a7a66a: 22 tests in 6 key files); the unit-server project now
 * runs `fake-indexeddb/auto` first in every file (setupFiles), so Dexie always finds it. Each file's
 * devices open their own databases (random account and store names, or a new IDBFactory:
 * web/db/test-device.ts). Measured on those 21 files (issue 41, CI time): isolated 85.0 CPU-s
 * (import 37.8 s), shared 65.3 CPU-s (import 8.1 s); they pass in a shared graph in file order and
 * shuffled (seeds 7, 11), and the whole unit-server project so (seed 11).
 */
const ISOLATED_SERVER_FILES = ['sync-server/accounts/login-timing.test.ts'];

export default defineConfig({
  test: {
    // Each file's time, slowest first, after vitest's own summary (scripts/file-times-reporter.ts).
    reporters: ['default', './scripts/file-times-reporter.ts'],
    projects: [
      {
        // The message catalogs compiled as the build compiles them (issue 44, scripts/vite-catalogs.ts).
        plugins: [messageCatalogs()],
        test: {
          ...unit,
          name: 'unit',
          include: ['shared/**/*.test.ts', 'web/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts', ...ISOLATED_SERVER_FILES],
        },
      },
      {
        // The server's tests drive the web features' code too (sharing, emergency), whose words are catalogs.
        plugins: [messageCatalogs()],
        test: {
          ...unit,
          name: 'unit-server',
          // fake-indexeddb's globals before any file imports Dexie (see ISOLATED_SERVER_FILES).
          setupFiles: ['fake-indexeddb/auto', './vitest.setup.ts'],
          include: ['sync-server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...ISOLATED_SERVER_FILES],
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // One Chromium for the run; each file connects to it (e2e/browser-global-setup.ts).
          globalSetup: ['./e2e/browser-global-setup.ts'],
          environment: 'node',
          // failure-report.ts: what the open pages showed and did, appended to e2e-failures.log.
          setupFiles: ['./vitest.setup.ts', './e2e/failure-report.ts'],
          // Bounds for a starved machine, not speeds a test expects: at load ~30 a full browser test
          // (two devices, sign-ups with Argon2id in the page) ran past 120 s, and at load ~40 with
          // three files at once the canary scan on PostgreSQL past 240 s (issue 41). One bound for
          // every browser test (none sets a shorter one of its own); each wait inside still
          // returns at its event, so it only decides how soon a test that will fail says so.
          testTimeout: 600_000,
          hookTimeout: 600_000,
          // expect.poll waits for what the test needs, not vitest's 1 s: a page on a loaded 2-core
          // machine took longer (issue 41). It returns as soon as the value matches, so the bound
          // only decides how soon a failing test says so. A poll given its own timeout keeps it.
          expect: { poll: { timeout: 60_000, interval: 100 } },
          // See E2E_FILES_AT_ONCE.
          maxWorkers: E2E_FILES_AT_ONCE,
          // Each file in its own module graph (vitest's default). Sharing one per worker saved the
          // import of playwright-core per file, but browser files that drive the web app's devices
          // over fake-indexeddb (sealed-release, …) then met a Dexie imported by an earlier file
          // before `fake-indexeddb/auto` ran (the fresh-clone run of 37fb5ec: sealed-release failed
          // in 362 ms; alone it passes), as unit-server's files did (ISOLATED_SERVER_FILES above).
          isolate: true,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
