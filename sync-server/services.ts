/**
 * The server's services, built once per database from `AppDeps`: the account store, the record
 * store and service (which keeps one HLC per account, rule 3). Route modules
 * call `servicesOf(deps)` instead of threading each service through every signature.
 */
import type { AppDeps } from './app-env';
import { createAccountStore, type AccountStore } from './db/accounts';
import type { RecordStore } from './db/record-store';
import { createSqliteRecordStore } from './db/sqlite-record-store';
import { createUsageReader } from './db/usage';
import { createRecordService, type RecordService } from './records';

export interface Services {
  accounts: AccountStore;
  store: RecordStore;
  records: RecordService;
}

const cache = new WeakMap<object, Services>();

/** The services of `deps.db` (created on first use). */
export function servicesOf(deps: AppDeps): Services {
  let s = cache.get(deps.db);
  if (!s) {
    const store = createSqliteRecordStore(deps.db);
    const records = createRecordService(store, { now: deps.now, usage: createUsageReader(deps.db) }); // one HLC per account (rule 3)
    s = { accounts: createAccountStore(deps.db), store, records };
    cache.set(deps.db, s);
  }
  return s;
}
