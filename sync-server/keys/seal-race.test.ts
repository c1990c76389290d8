/** Finish racing a plain write, over the real app and a real SQLite file (seal-race.contract.ts). */
import { join } from 'node:path';
import { openDatabase } from '../db/sqlite';
import { createServices } from '../services';
import { createTestApp, testAppOver } from '../test/test-support';
import { sealRaceContract } from './seal-race.contract';

sealRaceContract(
  'SQLite',
  async () => createTestApp(),
  // A second process over the same file: its own connection and services, the same DATA_DIR.
  async (t) => {
    const deps = { ...t.deps, db: openDatabase(join(t.deps.config.dataDir, 'afterword.db')) };
    return testAppOver(deps, createServices(deps), t.advance);
  },
);
