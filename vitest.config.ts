import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects (vitest 4 `test.projects`):
 * - `unit`: shared/, sync-server/ and web/ tests in Node (real SQLite files, Dexie over fake-indexeddb).
 * - `e2e`: browser tests in e2e/ that start the built app and drive Debian's Chromium via playwright-core.
 * Both load vitest.setup.ts (byte arrays compare as bytes, in one memcmp).
 *
 * Unit files run in at least two workers: vitest's default (one less than the cores) is ONE worker
 * on the 2-core CI machine, which left the second core nearly idle (measured on 12 files: 38 s of
 * CPU in 124 s wall with one worker, 92 s with two on this shared machine). The e2e files run two
 * at a time, after the unit files when both projects run in one invocation (sequence.groupOrder):
 * a browser test mostly waits (for the page, the server, sync), so one file at a time left the
 * machine half idle (34 files: 653 s of CPU in 1,065 s wall with two files at once, on a machine
 * also running six other jobs; CI took 14 min one at a time). Each file has its own server and
 * browser contexts, so two never share state.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/**/*.test.ts', 'sync-server/**/*.test.ts', 'web/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          // One throwaway PostgreSQL per run for every file that needs one (not an initdb per file).
          globalSetup: ['./sync-server/db/pg/pg-global-setup.ts'],
          maxWorkers: Math.max(2, availableParallelism() - 1),
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          // One Chromium for the run; each file connects to it (e2e/browser-global-setup.ts).
          globalSetup: ['./e2e/browser-global-setup.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
