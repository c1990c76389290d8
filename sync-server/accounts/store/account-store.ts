/**
 * The account and session store behind one shape for both engines (issue #19): SQLite's
 * synchronous AccountStore (sqlite-account-store.ts) and PostgreSQL's AsyncAccountStore
 * (pg-account-store.ts) pass the same contract suite (account-store.contract.ts).
 */
import type { AccountStore } from './sqlite-account-store';

/** AccountStore with every method returning a Promise of the same result. */
export type AsyncAccountStore = {
  [K in keyof AccountStore]: (...args: Parameters<AccountStore[K]>) => Promise<ReturnType<AccountStore[K]>>;
};

/** Either engine's account store: every call is awaited (`await` on SQLite's plain values costs a microtask). */
export type AnyAccountStore = AccountStore | AsyncAccountStore;

/**
 * True when `err` is what `createUser` throws for a username already taken (case-insensitively):
 * SQLite's SQLITE_CONSTRAINT_UNIQUE, or PostgreSQL's unique violation (23505) on `users`.
 */
export function isUsernameTaken(err: unknown): boolean {
  const e = err as { code?: string; table?: string; constraint?: string };
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || (e?.code === '23505' && e.constraint === 'users_username_nocase');
}
