/**
 * The server's services, built once by `createServices(deps)` and handed explicitly to
 * `createApp(deps, services)` and to each route module: the account store, the record store and
 * service, the server's HLC (a fresh node id per instance, rule 1), the release service and its
 * scheduler (DESIGN.md §8). No process-wide registry: two instances over the same database (a
 * restart in a test) are two independent values, and nothing a request carries is kept here.
 */
import { createClock, newNodeId, type Clock } from '../shared/sync';
import type { AppDeps } from './app-env';
import { createAccountStore, type AccountStore } from './db/accounts';
import type { RecordStore } from './db/record-store';
import { createSqliteRecordStore } from './db/sqlite-record-store';
import { createRecordService, type RecordService } from './records';
import { createMailer, type Mailer } from './release/mailer';
import { createReleaseScheduler, type ReleaseScheduler } from './release/scheduler';
import { createReleaseService, type ReleaseService } from './release/service';

export interface Services {
  accounts: AccountStore;
  store: RecordStore;
  records: RecordService;
  clock: Clock;
  release: ReleaseService;
  scheduler: ReleaseScheduler;
  /** SMTP (SMTP_URL) or the outbox folder; Settings says which (release/readiness.ts). */
  mailer: Mailer;
}

/**
 * Builds every service of `deps.db` once. `opts.mailer` replaces the mailer of `deps.config`
 * (SMTP_URL, else the `.eml` folder), e.g. for a test that counts sends.
 */
export function createServices(deps: AppDeps, opts: { mailer?: Mailer } = {}): Services {
  const store = createSqliteRecordStore(deps.db);
  const clock = createClock(newNodeId(), deps.now);
  const records = createRecordService(store, clock);
  const release = createReleaseService(deps, records);
  const mailer = opts.mailer ?? createMailer(deps.config);
  const scheduler = createReleaseScheduler(deps, release, records, mailer);
  return { accounts: createAccountStore(deps.db), store, records, clock, release, scheduler, mailer };
}
