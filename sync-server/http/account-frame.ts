/**
 * The account frame (SECURITY.md "Limits"; shared/limits.ts): ONE middleware, mounted on `/api/*`
 * in createApp, that applies the per-account budgets to every route of a signed-in account, so a
 * route added later is limited without asking:
 * - every request counts against `requestsPerMinute` (the costly reads of WEIGHTED_ROUTES as several);
 * - every write (any method but GET, HEAD and OPTIONS) against `writesPerMinute`, except the
 *   routes of WRITES_COUNTED_BY_ROUTE;
 * - every response body, by the bytes actually sent (a stream as it streams; http/response-bytes.ts),
 *   against `readBytesPerMinute`, except the file bytes of FILE_BYTE_BODIES.
 * An account past a budget gets 429 + Retry-After before its route runs; an answer is charged as
 * it is sent, so the one that crosses the read budget still goes out whole and the next is refused.
 * Requests without a live session pass untouched: their route answers 401 (requireSession), or they
 * are public (http/public-routes.ts: sign-in and capability links, limited per address or token).
 * A public token route's answer is charged to the account whose token it is (http/token-budgets.ts).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppDeps, AppEnv } from '../app-env';
import type { AccountThrottle } from './account-throttle';
import { isPublicRoute, routeKey } from './public-routes';
import { countSentBytes } from './response-bytes';

/**
 * Writes the frame does not count, each because its route counts it better (`METHOD /pattern`,
 * as in Hono's route table; the route-enumeration test checks each still exists).
 */
export const WRITES_COUNTED_BY_ROUTE: ReadonlyMap<string, string> = new Map([
  // A pull is a POST that writes nothing: records/sync-routes.ts counts a push with changes as one write,
  // and refuses an account past its write budget before it parses the changes.
  ['POST /api/sync', 'a push with changes is one write; a pull is none'],
  // File chunks are counted by their bytes (`fileBytesPerMinute`, blobs/routes.ts): a 500 MB file is 125 chunks.
  ['PUT /api/blobs/:blobId/chunks/:index', 'counted by bytes (fileBytesPerMinute)'],
]);

/**
 * Answers whose body is file bytes, counted by `fileBytesPerMinute` in their routes instead of the
 * read budget (counting both would let an owner download a tenth of what the file budget allows).
 */
export const FILE_BYTE_BODIES: ReadonlyMap<string, string> = new Map([
  ['GET /api/blobs/:blobId/chunks/:index', 'an encrypted chunk (fileBytesPerMinute)'],
  ['GET /api/blobs/:blobId/content', 'a file\'s ciphertext, ranges too (fileBytesPerMinute)'],
  // The ZIP holds records and blobs: export/routes.ts charges the records to the read budget and
  // the blobs to the file budget, each piece as it is sent.
  ['GET /api/export', 'records (readBytesPerMinute) and files (fileBytesPerMinute), by the route'],
]);

/**
 * Signed-in reads that cost far more than a request (CPU on the event loop, which every account
 * shares), each counted as `weight` requests of `requestsPerMinute` (at most the whole budget, so
 * one call a minute always passes). Issue 40: a rehearsal of 5,000 letters costs ~344 ms, and one
 * account looping it took another's p99 from 99 to 341 ms when it counted as one. With 600 requests
 * a minute a rehearsal can then run 20 times a minute, the readiness panel 60, a field's history 120.
 */
export const WEIGHTED_ROUTES: ReadonlyMap<string, { weight: number; why: string }> = new Map([
  ['GET /api/release/rehearsal', { weight: 30, why: 'builds every e-mail the release would send (release/rehearsal.ts): ~70 µs a letter' }],
  ['GET /api/release/readiness', { weight: 10, why: 'reads every trustee, message, kit and queued e-mail of the account (release/readiness.ts)' }],
  ['GET /api/sync/history/:collection/:id/:field', { weight: 5, why: "reads a field's whole text history (records/sync-routes.ts)" }],
]);

/**
 * The owner's lifelines (review of issue 40, M1): routes that stop or delay a release. Their bytes
 * are counted as any answer's, but the read budget never refuses them, since every token link of
 * the account spends the same budget (http/token-budgets.ts) and a trustee reading it away must not
 * keep the owner from saying "I'm still here". Each is small, and still counts against the request
 * and write budgets (signed in) or its per-address limit (a link).
 */
export const LIFELINES: ReadonlySet<string> = new Set([
  'POST /api/release/cancel',
  'POST /api/release/check-in',
  'GET /api/still-here/:token',
  'POST /api/still-here/:token',
  'GET /api/check-in/:token',
  'POST /api/check-in/:token',
  'GET /api/verify-email/:token',
  'POST /api/verify-email/:token',
]);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The charges still being stored (PostgreSQL), per account, of the frame over each throttle. */
const chargesInFlight = new WeakMap<AccountThrottle, Map<string, Promise<unknown>>>();

/** Resolves once the bytes already sent to `userId` under `throttle` are stored (at once in memory). */
export const chargesStored = (throttle: AccountThrottle, userId: string): Promise<unknown> | undefined => chargesInFlight.get(throttle)?.get(userId);

/** The route that answers `c` (the first matched handler that is not a middleware), or null (no route: the 404). */
export function endpointOf(c: Context): { method: string; path: string } | null {
  for (const route of matchedRoutes(c)) if (route.method !== 'ALL') return route;
  return null;
}

/** What the frame asks of a route's `METHOD /pattern` (the lists above), worked out once per route. */
interface RouteFacts {
  endpoint: string;
  isPublic: boolean;
  fileBytes: boolean;
  writeCountedByRoute: boolean;
  weight: number;
  lifeline: boolean;
}

const factsOf = (endpoint: string, isPublic: boolean): RouteFacts => ({
  endpoint,
  isPublic,
  fileBytes: FILE_BYTE_BODIES.has(endpoint),
  writeCountedByRoute: WRITES_COUNTED_BY_ROUTE.has(endpoint),
  weight: WEIGHTED_ROUTES.get(endpoint)?.weight ?? 1,
  lifeline: LIFELINES.has(endpoint),
});
/** The facts of a request that no route answers (the 404). */
const NO_ROUTE = factsOf('', false);
/** Facts per matched route (Hono's route objects are made once, when the app is): no key built and looked up five times per request (issue 41). */
const routeFacts = new WeakMap<object, RouteFacts>();

/** The facts of the route that answers `c` (endpointOf), or NO_ROUTE. */
function factsOfRequest(c: Context): RouteFacts {
  const route = endpointOf(c);
  if (!route) return NO_ROUTE;
  let facts = routeFacts.get(route);
  if (!facts) routeFacts.set(route, (facts = factsOf(routeKey(route.method, route.path), isPublicRoute(route.method, route.path))));
  return facts;
}

/**
 * The live session of a request, or null: app.ts passes accounts/session.ts `verifySessionOnce` over
 * the account store, which reads it once per request, so requireSession reads no more rows (at
 * once, without a promise, when the store answered at once).
 */
export type ReadSession = (c: Context) => { userId: string } | null | Promise<{ userId: string } | null>;

/**
 * The frame over `throttle` (services.records.throttle: in memory, or PostgreSQL's shared windows)
 * for the accounts whose session `readSession` finds.
 */
export function accountFrame(deps: AppDeps, readSession: ReadSession, throttle: AccountThrottle): MiddlewareHandler<AppEnv> {
  // PostgreSQL: an answer's bytes are stored a round trip after they are sent. The account's next
  // request on this instance waits for them, so it never checks a budget that misses its own
  // answers (another instance sees them a moment later). In memory a charge counts at once.
  const charging = new Map<string, Promise<unknown>>();
  chargesInFlight.set(throttle, charging); // a token route's admission waits for them too (token-budgets.ts)
  const charge = (userId: string, bytes: number) => {
    const stored = throttle.readBytes.charge(userId, bytes);
    if (!stored) return;
    const all = Promise.all([charging.get(userId), stored.catch((err: unknown) => console.error('Counting bytes read failed:', err))]);
    charging.set(userId, all);
    void all.then(() => charging.get(userId) === all && charging.delete(userId));
  };
  return async (c, next) => {
    const route = factsOfRequest(c);
    if (route.isPublic) {
      // A token route charges its owner (http/token-budgets.ts): the route names the owner once it
      // has found the token (admitTokenOwner, which also refused an owner past the budget).
      await next();
      const owner = c.get('tokenOwner') as AppEnv['Variables']['tokenOwner'] | undefined;
      if (owner?.budget === 'readBytesPerMinute') countSentBytes(c, (bytes) => charge(owner.ownerId, bytes));
      return;
    }
    const read = readSession(c);
    const session = read instanceof Promise ? await read : read; // a kept or SQLite session at once, without a turn of the queue
    if (!session) return next(); // the route answers 401 (or the 404 of no route)
    const { userId } = session;
    const fileBytes = route.fileBytes;
    const write = !READS.has(c.req.method) && !route.writeCountedByRoute;
    const pending = charging.get(userId);
    if (pending) await pending;
    // Together: on PostgreSQL each is a round trip (the request and read budgets one statement); in memory each returns at once (or throws), and
    // nothing is awaited (issue 41: every await is a turn of the microtask queue on every request).
    const cost = Math.min(route.weight, deps.config.limits.requestsPerMinute);
    const admitted = throttle.admit(userId, cost, !fileBytes && !route.lifeline);
    const wrote = write && throttle.writes.hit(userId);
    if (admitted instanceof Promise || wrote instanceof Promise) await Promise.all([admitted, wrote]);
    await next();
    if (fileBytes) return;
    countSentBytes(c, (bytes) => charge(userId, bytes));
  };
}
