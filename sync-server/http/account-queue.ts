/**
 * One request at a time per account (issue #15 "one account can never harm another"): requests
 * of the same account wait for each other, so an account that opens many connections gets no
 * more of the server than one that opens one; between two requests of one account the event loop
 * first serves everyone else. Past `maxWaiting` queued requests an account gets 429 at once.
 * Mount after `requireSession`, or give `key` (the account of a request, null to let it pass
 * unqueued). A request that had to wait runs `afterWaiting` before it goes on (e.g. checking its
 * session again: it may have been signed out meanwhile). The queue lives in the middleware instance
 * (per app), in memory.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiHttpError } from './errors';

/**
 * Serialises the requests of each account through this middleware; 429 past `maxWaiting` queued.
 * `key` names a request's account (default: `c.var.userId`, set by requireSession); null passes.
 * `afterWaiting` runs for a request that waited behind another, before it goes on; what it throws
 * is the request's answer.
 */
export function oneAtATimePerAccount(opts: {
  maxWaiting: number;
  key?: (c: Context<AppEnv>) => string | null | Promise<string | null>;
  afterWaiting?: (c: Context<AppEnv>) => void | Promise<void>;
}): MiddlewareHandler<AppEnv> {
  const queues = new Map<string, { tail: Promise<void>; size: number }>();
  const queued = async (c: Context<AppEnv>, next: Next, key: string) => {
    let q = queues.get(key);
    if (!q) {
      q = { tail: Promise.resolve(), size: 0 };
      queues.set(key, q);
    }
    if (q.size > opts.maxWaiting) {
      throw new ApiHttpError(429, 'Too many requests at once. Please wait and try again.', undefined, { 'Retry-After': '1' });
    }
    const waits = q.size > 0;
    q.size += 1;
    const before = q.tail;
    let done!: () => void;
    q.tail = new Promise<void>((resolve) => (done = resolve));
    try {
      await before;
      await new Promise<void>((resolve) => setImmediate(resolve)); // other accounts' I/O first
      if (waits && opts.afterWaiting) await opts.afterWaiting(c);
      await next();
    } finally {
      q.size -= 1;
      done();
      if (q.size === 0 && queues.get(key) === q) queues.delete(key);
    }
  };
  // A request that is not queued (every read) passes without an async frame of its own (issue 41).
  return (c, next) => {
    const key = opts.key ? opts.key(c) : (c.get('userId') as string);
    if (key === null) return next();
    return key instanceof Promise ? key.then((k) => (k === null ? next() : queued(c, next, k))) : queued(c, next, key);
  };
}
