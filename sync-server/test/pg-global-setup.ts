/**
 * vitest globalSetup of the unit projects: ONE throwaway PostgreSQL for the whole run, shared by
 * every test file that needs one (each still gets fresh databases: pg-test-support.ts
 * `usePgDatabase`, test-postgres.ts `createTestDatabase`). Starting a server per file cost an
 * `initdb` and a start (about 3 s of a core) in each of ~18 files. The databases of different
 * files are isolated as those of one file are: LISTEN/NOTIFY and advisory locks are per database.
 *
 * With DATABASE_URL set nothing is started (the files use that server, test-postgres.ts). The URL
 * reaches the workers through vitest's `provide`/`inject` (key `testPostgresUrl`).
 */
import type { TestProject } from 'vitest/node';
import { startTestPostgres } from './test-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's shared throwaway PostgreSQL (maintenance database URL), when this setup started one. */
    testPostgresUrl?: string;
  }
}

/**
 * Starts the shared server (unless DATABASE_URL is set) and returns the teardown that stops it.
 * Both unit projects (vitest.config.ts `unit` and `unit-server`) list this setup; vitest runs their
 * setups one after the other before any test and their teardowns after the last, so the first
 * starts the server and provides its URL to every project of the run, and the second finds it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DATABASE_URL || project.getProvidedContext().testPostgresUrl) return async () => {};
  const server = await startTestPostgres({ maxConnections: 400 });
  for (const each of project.vitest.projects) each.provide('testPostgresUrl', server.url);
  return () => server.stop();
}
