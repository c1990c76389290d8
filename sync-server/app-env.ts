/** Types shared by the app and its route modules. */
import type { Config } from './config';
import type { Db } from './db/sqlite';

/** The owner's budget a token route's answer is charged to (shared/limits.ts names; http/token-budgets.ts). */
export type TokenRouteBudget = 'readBytesPerMinute' | 'fileBytesPerMinute';

/** Variables set on the Hono context by middleware. `userId`/`sessionId` exist after `requireSession`. */
export interface AppEnv {
  Variables: {
    userId: string;
    sessionId: string;
    /**
     * On a public token route, the account whose token it is, once the route has found it
     * (account-frame.ts `admitTokenOwner`): the answer's bytes are charged to that owner.
     */
    tokenOwner: { ownerId: string; budget: TokenRouteBudget };
  };
}

/** What `createApp` is built from; tests pass their own (a temp SQLite file, a fake clock). */
export interface AppDeps {
  config: Config;
  db: Db;
  /** Wall clock in ms since the epoch; injectable so tests control time. */
  now: () => number;
}
