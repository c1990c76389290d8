/**
 * What the record routes use (issue 42: declared in this domain, not the composition root's whole
 * `Services`; app.ts passes its Services, which has these and more): the account store (sessions,
 * through accounts/index.ts), the record service and the record store.
 */
import type { SessionDeps } from '../accounts';
import type { AsyncRecordStore, RecordStore } from './store/record-store';
import type { RecordService } from './service';

/** The record service and store, with the account store the session middleware reads. */
export interface RecordRouteDeps extends SessionDeps {
  records: RecordService;
  store: RecordStore | AsyncRecordStore;
}
