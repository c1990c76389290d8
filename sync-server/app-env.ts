/** Types shared by the app and its route modules. */
import type { Config } from './config';
import type { Db } from './db/sqlite';

/** Variables set on the Hono context by middleware. `userId`/`sessionId` exist after `requireSession`. */
export interface AppEnv {
  Variables: {
    userId: string;
    sessionId: string;
  };
}

/** What `createApp` is built from; tests pass their own (a temp SQLite file, a fake clock). */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Wall clock in ms since the epoch; injectable so tests control time. */
  now: () => number;
}
