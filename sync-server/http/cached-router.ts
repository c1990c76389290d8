/**
 * The app's router with its answers kept (issue 41). This app's routes make Hono's fast RegExpRouter
 * give up (`PUT /api/kits/:generation/blobs` beside `/api/kits/messages/:messageId`), so Hono's
 * SmartRouter falls back to its TrieRouter, which walked about 200 routes on every request (a few
 * µs, some 3% of a signed-in list read). A route table never changes once requests arrive (Hono
 * refuses a route added after the first match), so the match of a method and path is always the
 * same: it is kept, per method and full path, in a bounded cache (as RegExpRouter itself hands out
 * one shared answer per static path; Hono only reads it). Adding a route forgets every kept match.
 * Paths longer than KEPT_PATH_MAX are matched each time, so a flood of odd paths stays small.
 */
import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import { createBoundedCache } from '../db/bounded-cache';

/** How many matches are kept (each a path of at most KEPT_PATH_MAX characters and its handlers). */
const KEPT_MATCHES = 4_096;
/** The longest path whose match is kept. */
const KEPT_PATH_MAX = 256;

/** `inner` (default: Hono's own SmartRouter of RegExpRouter and TrieRouter) with its matches kept. */
export function cachedRouter<T>(inner: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] })): Router<T> {
  let kept = createBoundedCache<Result<T>>(KEPT_MATCHES);
  return {
    name: `cached ${inner.name}`,
    add(method, path, handler) {
      kept = createBoundedCache<Result<T>>(KEPT_MATCHES);
      inner.add(method, path, handler);
    },
    match(method, path) {
      if (path.length > KEPT_PATH_MAX) return inner.match(method, path);
      const key = `${method} ${path}`;
      return kept.get(key) ?? kept.set(key, inner.match(method, path));
    },
  };
}
