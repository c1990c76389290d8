/**
 * Pokes between server instances on one PostgreSQL (issue #19 "several instances behave as one
 * server"; rule 19 of shared/sync/README.md): a write served by one instance must poke the
 * account's devices listening on ANY instance (`GET /api/sync/events`), and the release
 * scheduler of whichever instance leads. Each instance publishes with `NOTIFY` and listens with
 * `LISTEN` on one connection of its own (outside the pool, so ending the pool never waits for it).
 * A poke carries only a topic ("user:<id>", "release"), never data; a lost poke costs latency,
 * never a change (devices pull on their own schedule, the scheduler ticks), so publishing is
 * fire-and-forget and a dropped listening connection is reopened after `retryMs`. Pokes are
 * coalesced: the topics published within COALESCE_MS go out as one statement, each topic once,
 * so a burst of writes costs the shared pool one statement, not one per write; past
 * MAX_PENDING_TOPICS waiting topics new ones are dropped (latency, never a change).
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { PokeBus } from '../../live/poke-bus';

/** The PostgreSQL channel every instance listens on. */
export const POKE_CHANNEL = 'afterword_poke';
/** Pokes published within this span (ms) share one statement. */
const COALESCE_MS = 20;
/** Topics waiting for that statement at most (a bound on memory under a flood). */
const MAX_PENDING_TOPICS = 10_000;

/**
 * A bus over `pool` (publishing) and a listening connection to `url` (the same database), opened
 * at once and reopened `retryMs` (default 2 s) after it drops.
 */
export function createPgPokeBus(pool: pg.Pool, url: string, opts: { retryMs?: number } = {}): PokeBus {
  const origin = randomBytes(8).toString('hex'); // an instance ignores its own pokes: it delivered them locally
  const handlers = new Set<(topic: string) => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failing = false; // logged once per outage, not at every retry
  const pending = new Set<string>();
  let flushTimer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    flushTimer = undefined;
    const payloads = [...pending].map((topic) => `${origin} ${topic}`);
    pending.clear();
    pool
      .query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [POKE_CHANNEL, payloads])
      .catch((err: Error) => console.error('Publishing pokes failed:', err.message));
  };
  const failed = (what: string, err: Error) => {
    if (!failing) console.error(`PostgreSQL poke listener ${what} (retrying every ${opts.retryMs ?? 2_000} ms):`, err.message);
    failing = true;
  };

  const reopen = () => {
    client = null;
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, opts.retryMs ?? 2_000);
    retry.unref();
  };
  const listen = async () => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', (err) => {
      failed('lost its connection', err);
      void c.end().catch(() => {});
      if (client === c) reopen();
    });
    c.on('notification', (msg) => {
      const payload = msg.payload ?? '';
      const space = payload.indexOf(' ');
      if (msg.channel !== POKE_CHANNEL || space < 0 || payload.slice(0, space) === origin) return;
      const topic = payload.slice(space + 1);
      for (const h of handlers) h(topic);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${POKE_CHANNEL}`);
    } catch (err) {
      if (!closed) failed('could not connect', err as Error);
      void c.end().catch(() => {});
      reopen();
      return;
    }
    if (closed) return void c.end().catch(() => {});
    if (failing) console.error('PostgreSQL poke listener is listening again');
    failing = false;
    client = c;
  };
  void listen();

  return {
    publish(topic) {
      if (closed || pending.size >= MAX_PENDING_TOPICS) return;
      pending.add(topic);
      flushTimer ??= setTimeout(flush, COALESCE_MS);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => void handlers.delete(handler);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearTimeout(flushTimer);
      flushTimer = undefined;
      pending.clear();
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}
