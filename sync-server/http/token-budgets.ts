/**
 * The budgets of the public token routes (SECURITY.md "Limits"; issue 40 item 1). A token link
 * (a trustee's page, a recipient's message, a kit, a check-in or confirmation link) has no session,
 * but it belongs to one account: the owner whose token it is. Every byte such a route sends is
 * charged to that owner's account, as a signed-in answer is (http/account-frame.ts), so a released
 * account fetched in a loop, from any number of addresses, costs the server no more than its owner
 * signed in could: past the budget the owner's links answer the frame's 429 in its usual words.
 * The per-address limits of each route family (120 requests per 10 minutes) stay as they were.
 *
 * One token route is not the owner's to pay for (OWN_BOUND_TOKEN_ROUTES): a shared item's link is
 * read by someone else while the owner is alive and reading too, so a viewer (or anyone holding a
 * leaked link) must not spend the owner's own reading (security review F5). It has its own bound
 * per share and per address instead, and its answers are charged to no account.
 */
import type { Context } from 'hono';
import type { AppEnv, TokenRouteBudget } from '../app-env';
import type { AccountThrottle } from './account-throttle';
import { chargesStored, endpointOf, LIFELINES } from './account-frame';
import { PUBLIC_ROUTES, isTokenRoute, routeKey } from './public-routes';

export type { TokenRouteBudget } from '../app-env';

/** The token routes whose answer is a file's stored ciphertext: charged by the piece to `fileBytesPerMinute` (blobs/release-files.ts). */
const FILE_TOKEN_ROUTES = new Set(['GET /api/trustee/access/:token/documents/:documentId/file', 'GET /api/delivery/:token/file']);

/**
 * Token routes bounded by their own limits, never by the owner's budgets, each with where and why
 * (the route-enumeration test, account-frame.contract.ts, checks each exists and spends no owner's budget).
 */
export const OWN_BOUND_TOKEN_ROUTES: ReadonlyMap<string, string> = new Map([
  ['GET /api/shared/:token', "a viewer's read of a shared item while the owner is alive: bounded per share and per address (sharing/routes.ts), never the owner's budget (review F5)"],
  ['GET /api/shared/:token/files/:fileId', "a viewer's download of a shared document's file: its bytes bounded per address and per share (sharing/routes.ts), never the owner's file budget (review F5)"],
]);

/**
 * Every public token route (PUBLIC_ROUTES whose path has `:token`) but OWN_BOUND_TOKEN_ROUTES, with the owner's budget its
 * answer is charged to: file bytes to `fileBytesPerMinute`, everything else (pages, the trustee
 * page's and a recipient's data, kit steps) to `readBytesPerMinute`. The route-enumeration test
 * (account-frame.contract.ts) checks each token route is named here and charges its owner.
 */
export const TOKEN_ROUTE_BUDGETS: ReadonlyMap<string, TokenRouteBudget> = new Map(
  [...PUBLIC_ROUTES]
    .filter((key) => isTokenRoute(key) && !OWN_BOUND_TOKEN_ROUTES.has(key))
    .map((key) => [key, FILE_TOKEN_ROUTES.has(key) ? 'fileBytesPerMinute' : 'readBytesPerMinute'] as const),
);

/** The budget of the route answering `c`, or null when it is not a token route. */
export function tokenBudgetOf(c: Context): TokenRouteBudget | null {
  const route = endpointOf(c);
  return (route && TOKEN_ROUTE_BUDGETS.get(routeKey(route.method, route.path))) ?? null;
}

/**
 * Called by a token route as soon as it knows whose token it holds, before it builds its answer:
 * refuses with the budget's 429 (Retry-After) when `ownerId` has spent it this minute (never on
 * the owner's LIFELINES: still-here, check-in and confirmation links), else marks
 * the request so the account frame charges the answer's bytes to `ownerId` as they are sent
 * (a file route charges its pieces itself: `fileCharge`). Throws a plain Error on a route that
 * is not a token route (a programming error: add it to PUBLIC_ROUTES first).
 */
export async function admitTokenOwner(c: Context<AppEnv>, throttle: AccountThrottle, ownerId: string): Promise<void> {
  const budget = tokenBudgetOf(c);
  if (!budget) throw new Error(`admitTokenOwner: ${c.req.method} ${c.req.path} is not a token route`);
  await chargesStored(throttle, ownerId); // PostgreSQL: the owner's answers sent so far are counted first
  const route = endpointOf(c)!;
  // The owner's lifelines are charged but never refused (account-frame.ts LIFELINES).
  if (!LIFELINES.has(routeKey(route.method, route.path))) await (budget === 'fileBytesPerMinute' ? throttle.fileBytes : throttle.readBytes).check(ownerId);
  c.set('tokenOwner', { ownerId, budget });
}

/** What a file token route tells of each piece it sends: charged to its owner's `fileBytesPerMinute` (never throws). */
export const fileCharge =
  (throttle: AccountThrottle, ownerId: string) =>
  (bytes: number): void => {
    void Promise.resolve(throttle.fileBytes.charge(ownerId, bytes)).catch((err: unknown) => console.error('Counting file bytes failed:', err));
  };
