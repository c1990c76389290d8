/**
 * What the accounts domain's middleware reads (issue 42: declared here, not the composition root's
 * whole `Services`; app.ts passes its Services, which has these and more).
 */
import type { AsyncAccountStore } from './store/account-store';
import type { AccountStore } from './store/sqlite-account-store';

/** The account store, SQLite's or PostgreSQL's: sessions, credentials and the unproven state of a reset. */
export interface SessionDeps {
  accounts: AccountStore | AsyncAccountStore;
}
