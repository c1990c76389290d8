/**
 * Asynchronous stores with `transaction(fn)` on PostgreSQL (issue #19), shared by the release
 * store and blob metadata: the same methods over the pool (each call its own statement) or over
 * one client inside BEGIN/COMMIT (pool.ts withTransaction), with per-account locking.
 *
 * Several instances may work on one account at once (two scheduler passes, a trustee's click on
 * one instance and the owner's on another). Inside a transaction, the first call that names an
 * account runs `lockAccount` first (e.g. `SELECT … FOR UPDATE` of its row), so read-modify-write
 * of one account is serialised across instances, as SQLite's single writer serialises it.
 */
import type pg from 'pg';
import { withTransaction } from './pool';
import { inTransaction } from '../tx-errors';

/** What a store's queries run on: the pool (autocommit) or a transaction's client. */
export type Queryable = pg.Pool | pg.PoolClient;

type AnyAsync = Record<string, (...args: never[]) => Promise<unknown>>;

/** `M` plus a transaction whose `tx` has the same shape. */
export type Transactional<M> = M & { transaction<T>(fn: (tx: Transactional<M>) => Promise<T>): Promise<T> };

export interface PgTxOptions<M> {
  /** The account a call belongs to (locked before it runs inside a transaction), per method; absent = none. */
  accountOf: { [K in keyof M]?: (args: unknown[]) => string };
  /** Takes the account's lock for the rest of the transaction on `client` (e.g. SELECT … FOR UPDATE). */
  lockAccount(client: pg.PoolClient, userId: string): Promise<void>;
}

interface Ctx {
  client: pg.PoolClient;
  ended: boolean;
  locks: Map<string, Promise<void>>;
  savepoints: number;
}

/**
 * The store `build(q)` over `pool`, with `transaction(fn)`: COMMIT when `fn` resolves, ROLLBACK
 * (and the error rethrown) when it rejects. A nested `tx.transaction(g)` is a SAVEPOINT: a
 * rejection of `g` undoes only `g`'s writes. A call on `tx` after its transaction ended throws.
 */
export function pgTransactional<M extends AnyAsync>(pool: pg.Pool, build: (q: Queryable) => M, opts: PgTxOptions<M>): Transactional<M> {
  const make = (ctx: Ctx | null): Transactional<M> => {
    const base = build(ctx ? ctx.client : pool);
    if (!ctx) return { ...base, transaction: (fn) => withTransaction(pool, (client) => run(client, fn)) };
    const out: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(base)) {
      const accountOf = opts.accountOf[name as keyof M];
      out[name] = async (...args: unknown[]) => {
        if (ctx.ended) throw new Error(`${name} was called on a transaction that has already ended`);
        if (accountOf) await lock(ctx, accountOf(args));
        return (f as (...a: unknown[]) => Promise<unknown>)(...args);
      };
    }
    const tx = out as Transactional<M>;
    tx.transaction = async (fn) => {
      const sp = `sp${++ctx.savepoints}`;
      await ctx.client.query(`SAVEPOINT ${sp}`);
      try {
        const value = await fn(tx);
        await ctx.client.query(`RELEASE SAVEPOINT ${sp}`);
        return value;
      } catch (err) {
        await ctx.client.query(`ROLLBACK TO SAVEPOINT ${sp}`);
        throw err;
      }
    };
    return tx;
  };

  const lock = (ctx: Ctx, userId: string): Promise<void> => {
    let p = ctx.locks.get(userId);
    if (!p) {
      p = opts.lockAccount(ctx.client, userId);
      ctx.locks.set(userId, p);
    }
    return p;
  };

  const run = async <T>(client: pg.PoolClient, fn: (tx: Transactional<M>) => Promise<T>): Promise<T> => {
    const ctx: Ctx = { client, ended: false, locks: new Map(), savepoints: 0 };
    try {
      return await inTransaction(() => fn(make(ctx)), { always: true }); // also the nested-transaction guard of pool.ts
    } finally {
      ctx.ended = true;
    }
  };

  return make(null);
}

/** Two-key advisory locks: the first key names the kind of lock (distinct from pg-leader's and migrate's one-key locks). */
export const ADVISORY_CLASS = { release: 0x52454c, blobs: 0x424c42, verifyTo: 0x564552, emergencyChoice: 0x454d43 } as const;

/** Takes a transaction-scoped advisory lock on (`kind`, `userId`), waiting for it. */
export async function advisoryAccountLock(client: pg.PoolClient, kind: keyof typeof ADVISORY_CLASS, userId: string): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [ADVISORY_CLASS[kind], userId]);
}

/** `row` with the named columns (BIGINT arrives as text from `pg`) as numbers; NULL stays null. */
export function numeric<T>(row: Record<string, unknown>, cols: readonly string[]): T {
  const out = { ...row };
  for (const c of cols) if (out[c] !== null && out[c] !== undefined) out[c] = Number(out[c]);
  return out as T;
}
