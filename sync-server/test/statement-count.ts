/**
 * Test support: the SQL a real database runs, recorded (issue 40: what one request costs, counted
 * rather than timed). `recordingDb` stands in front of a SQLite `Db` (createTestApp's `wrapDb`),
 * `recordPoolQueries` in front of a `pg` Pool's `query`; `wholeAccountPasses` counts, among them,
 * the statements that read every index entry of one account's records.
 */
import type pg from 'pg';
import { formatHlc, type SyncResponse } from '../../shared/sync';
import type { Db } from '../db/sqlite';
import { signUp, type TestApp } from './test-support';

const RUNS = new Set(['get', 'all', 'iterate', 'run']);

/** `db` with every statement's run (get/all/iterate/run) appended to `ran` as its SQL text. */
export function recordingDb(db: Db, ran: string[]): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => recordingStatement(target.prepare(sql), sql, ran);
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

function recordingStatement<S extends object>(stmt: S, sql: string, ran: string[]): S {
  const proxy: S = new Proxy(stmt, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (RUNS.has(String(prop))) ran.push(sql);
        const out = (value as (...a: unknown[]) => unknown).apply(target, args);
        return out === target ? proxy : out; // pluck(), raw(), expand() return the statement: keep recording
      };
    },
  });
  return proxy;
}

/** Appends the SQL text of every `pool.query` from now on to `ran` (the pool itself is changed). */
export function recordPoolQueries(pool: pg.Pool, ran: string[]): void {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  Object.assign(pool, {
    query: (...args: unknown[]) => {
      const q = args[0];
      ran.push(typeof q === 'string' ? q : (q as { text: string }).text);
      return query(...args);
    },
  });
}

/**
 * How many of `sqls` read every index entry of an account's records: `FROM records WHERE user_id = ?`
 * (or `$1`) with nothing after that bounds the entries read (an upper sequence, a LIMIT, one record's
 * id) and not a MAX seek (one index entry).
 */
export function wholeAccountPasses(sqls: readonly string[]): number {
  return sqls.filter((sql) => {
    const m = /\bFROM records WHERE user_id = (?:\?|\$1)([\s\S]*)$/.exec(sql);
    if (!m || /\bMAX\(/i.test(sql)) return false;
    return !/seq <=|\bLIMIT\b|\bid = /.test(m[1]!);
  }).length;
}

/**
 * Issue 40's scenario on `t` (SQLite or PostgreSQL), whose statements `ran` records: a new account
 * with 7 trustees (8 records) pulled in one-record pages, then a new pull whose second page follows
 * another device's write. Returns each page's [total, remaining], the whole-account passes over the
 * 8 pages, [total, remaining] of the two pages around the write and the passes they made.
 */
export async function pullOneRecordPages(t: TestApp, ran: string[]) {
  const { cookie } = await signUp(t);
  const hlc = (counter: number) => formatHlc({ ms: t.deps.now(), counter, node: 'dev1' });
  const trustee = (id: string, counter: number) => ({
    collection: 'trustees',
    id,
    hlc: hlc(counter),
    fields: { name: id, email: `${id}@example.com`, accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' },
  });
  // Pushes pull whole pages (no counts); pulls ask for one record a page.
  const sync = async (cursor: number, changes: unknown[] = []) =>
    (await (await t.call('POST', '/api/sync', { protocol: 2, cursor, changes, ...(changes.length ? {} : { limit: 1 }) }, cookie)).json()) as SyncResponse;
  await sync(0, Array.from({ length: 7 }, (_, i) => trustee(`t${i}`, i + 1)));
  ran.length = 0;
  const pages = [await sync(0)];
  while (pages.length < 20 && pages.at(-1)!.hasMore) pages.push(await sync(pages.at(-1)!.cursor));
  const passesOverPages = wholeAccountPasses(ran);
  ran.length = 0;
  const first = await sync(0);
  await sync(first.cursor, [trustee('late', 99)]); // another device's new trustee
  const second = await sync(first.cursor);
  return {
    pages: pages.map((p) => [p.total, p.remaining]),
    passesOverPages,
    aroundWrite: [first.total, first.remaining, second.total, second.remaining],
    passesAfterWrite: wholeAccountPasses(ran),
  };
}
