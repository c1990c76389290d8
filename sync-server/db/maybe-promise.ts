/** A value, or the promise of one: what a store over SQLite answers at once, PostgreSQL later (issue 41: no async step where SQLite answered). */
export type MaybePromise<T> = T | Promise<T>;
