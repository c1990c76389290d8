import { defineConfig } from 'vitest/config';

/**
 * Two projects (vitest 4 `test.projects`):
 * - `unit`: shared/, sync-server/ and web/ tests in Node (real SQLite files, Dexie over fake-indexeddb).
 * - `e2e`: browser tests in e2e/ that start the built app and drive Debian's Chromium via playwright-core.
 * Both load vitest.setup.ts (byte arrays compare as bytes, in one memcmp).
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
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['./vitest.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
