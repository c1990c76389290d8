/**
 * `createApp(deps, services)`: the whole HTTP surface as one Hono app, testable with `app.request()`.
 * `services` (services.ts, built once by the caller) are handed to each route module explicitly.
 * Route modules are small and composed here; errors become responses in one place
 * (`http/errors.ts`).
 */
import { Hono, type Context, type Next } from 'hono';
import { createAiProvider } from './ai';
import type { AppDeps, AppEnv } from './app-env';
import { blobRoutes, isChunkUpload } from './blobs/routes';
import { cachedRouter } from './http/cached-router';
import { csrfProtection } from './http/csrf';
import { accountFrame } from './http/account-frame';
import { oneAtATimePerAccount } from './http/account-queue';
import { currentSecretCheck } from './accounts/current-secret';
import { readOnlyUntilProof } from './accounts/unproven';
import { forgetVerifiedSession, verifySessionOnce } from './accounts/session';
import { requestBodyLimit } from './http/body-limit';
import { ApiHttpError, handleError } from './http/errors';
import { securityHeaders } from './http/security-headers';
import { mountWebApp } from './http/web-app';
import { aiRoutes } from './ai/routes';
import { authRoutes } from './accounts/auth-routes';
import { keyRoutes } from './keys/routes';
import { sealRoutes } from './keys/seal-routes';
import { passwordResetRoutes } from './accounts/password-reset-routes';
import { keyProofRoutes } from './keys/proof-route';
import { keyRotationRoutes } from './keys/rotate-route';
import { collectionRoutes } from './records/collection-routes';
import { deathPlanRoutes } from './records/death-plan-routes';
import { defaultTaskRoutes } from './records/default-task-routes';
import { exportRoutes } from './export/routes';
import { profileRoutes } from './accounts/profile-routes';
import { releaseRoutes } from './release/owner-routes';
import { escrowRoutes } from './release/escrow/routes';
import { kitOwnerRoutes } from './release/kits/owner-routes';
import { kitPublicRoutes } from './release/kits/public-routes';
import { messageKeyOwnerRoutes, messageKeyPublicRoutes } from './release/kits/message-key-routes';
import { releasePublicRoutes } from './release/public-routes';
import { ownerEmailRoutes } from './release/owner-email';
import { checkInLinkRoutes } from './release/check-in-routes';
import { pushRoutes } from './push/routes';
import { sharingRoutes } from './sharing/routes';
import { emergencyRoutes } from './sharing/emergency-routes';
import { coalescePokes, createPokeHub } from './live/poke-hub';
import { bridgeHub } from './live/poke-bus';
import { syncRoutes, type LiveOptions } from './records/sync-routes';
import type { Services } from './services';
import { healthRoutes } from './http/health';
import { serviceInfoRoutes } from './http/service-info';
import { isReportForm } from './release/report-form';
import { isTaskMarkForm } from './release/task-marks';

/**
 * Paths whose writes skip the per-account write queue: the sync (its own queue), file chunks and a
 * file's completion (their own caps; a completion reads the whole file), the AI calls (seconds
 * of waiting on another service, which a save must not wait behind), signing in, up and out, and
 * the public pages of trustees, recipients and trustee kits (no owner's session).
 */
const UNQUEUED =
  /^\/api\/(sync$|blobs\/[^/]+\/(chunks\/|complete$)|astrological-insights$|generate-obituary$|suggest-music$|survivor-tasks\/generate-automation$|auth\/(login|register|logout)$|trustee\/|kit\/|still-here\/)/;

/** True for a request that waits in its account's write queue (app.ts): any write but UNQUEUED's. */
export const queuedWrite = (method: string, path: string): boolean =>
  method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS' && !UNQUEUED.test(path);

/**
 * `opts.serveWeb` also serves the built web app, from `opts.webDir` (default dist/).
 */
export function createApp(
  deps: AppDeps,
  services: Services,
  opts: { serveWeb?: boolean; webDir?: string; live?: Omit<LiveOptions, 'hub'> } = {},
): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ router: cachedRouter() }); // its matches kept (http/cached-router.ts)
  app.onError(handleError);
  app.use('*', securityHeaders(deps)); // CSP, nosniff, HSTS… on every response (ASVS 3.4)
  const jsonBodyLimit = requestBodyLimit(deps.config.limits.requestBytes); // largest body (413 above); a sync batch is the largest legitimate one
  // A file chunk streams to disk under its own limit (chunkSize + 28, blobs/routes.ts).
  app.use('/api/*', (c, next) => (isChunkUpload(c.req.method, c.req.path) ? next() : jsonBodyLimit(c, next)));
  // Cache-Control: no-store on every /api answer (ASVS 14.3.2) is securityHeaders' (a second
  // middleware here rebuilt every finished Response just to set it again; issue #20).
  app.use(
    '/api/*',
    csrfProtection(deps, { rawBody: (c) => isChunkUpload(c.req.method, c.req.path), formBody: (c) => isReportForm(c.req.method, c.req.path) || isTaskMarkForm(c.req.method, c.req.path) }),
  ); // foreign Origin / Sec-Fetch-Site → 403 (ASVS 3.5.1)
  // The account frame (SECURITY.md "Limits"): every request of a signed-in account counts against
  // its request budget, every write against its write budget and every response body against its
  // read budget, whatever the route; after CSRF (a forged request costs its victim nothing), before
  // the write queue (an account past its budget is refused without waiting its turn).
  const readSession = (c: Context) => verifySessionOnce(c, deps, services.accounts); // once per request
  app.use('/api/*', accountFrame(deps, readSession, services.records.throttle));
  // A password reset's session is read-only until its device proves it holds the account key
  // (accounts/unproven.ts, SECURITY.md "Password reset"): one gate for every write, with its allow-list.
  app.use('/api/*', readOnlyUntilProof(deps, services));
  // One account never harms another (issue #15): a signed-in account's writes run one at a time on
  // this instance, so a burst of them waits in its own queue instead of taking every database
  // connection before another account's write (on PostgreSQL each takes one of the transaction set).
  // Keyed by the LIVE session (its row read once per request, verifySessionOnce): a revoked or
  // stolen-then-revoked cookie queues nothing. A write that waited reads its session again when its
  // turn comes (the route's requireSession): one signed out while it waited is refused. Not queued:
  // see UNQUEUED.
  const writesInTurn = oneAtATimePerAccount({
    maxWaiting: 32,
    key: (c) => {
      if (!queuedWrite(c.req.method, c.req.path)) return null;
      const session = readSession(c);
      return session instanceof Promise ? session.then((s) => s?.userId ?? null) : (session?.userId ?? null);
    },
    afterWaiting: forgetVerifiedSession,
  });
  app.use('/api/*', writesInTurn);

  // After a REST write that succeeded (one middleware for both, run on every /api request; issue #20):
  // - the write may have added or removed trustees or messages: the release scheduler looks soon
  //   (DESIGN.md §8);
  // - rule 19: one poke hub per app, and the account's devices pull now; with several instances
  //   (PostgreSQL) pokes cross to the others' devices too (live/poke-bus.ts).
  // POST /api/sync pokes both by itself, only when it merged something (a pull writes nothing, and
  // pulls never echo); file uploads change no record, so the account's devices have nothing to pull.
  // A burst of writes pokes each account at most once per `pokeWindowMs` (live/poke-hub.ts coalescePokes).
  const hub = coalescePokes(services.pokeBus ? bridgeHub(createPokeHub(), services.pokeBus).hub : createPokeHub(), deps.config.limits.pokeWindowMs);
  const pokeAfter = async (c: Context<AppEnv>, next: Next) => {
    await next();
    if (c.res.status >= 400 || c.req.path === '/api/sync' || c.req.path.startsWith('/api/blobs')) return;
    services.scheduler.poke();
    const userId = c.get('userId') as string | undefined;
    if (userId) hub.poke(userId);
  };
  app.use('/api/*', (c, next) => (c.req.method === 'GET' ? next() : pokeAfter(c, next))); // a read pokes nothing, and has no async frame here
  const checkCurrentSecret = currentSecretCheck(services); // one limiter for password change and rotation (accounts/current-secret.ts)
  app.route('/', authRoutes(deps, services, checkCurrentSecret));
  app.route('/', keyRoutes(deps, services));
  app.route('/', sealRoutes(deps, services, services.seal));
  app.route('/', passwordResetRoutes(deps, services));
  app.route('/', keyProofRoutes(deps, services));
  app.route('/', keyRotationRoutes(deps, services, checkCurrentSecret));
  app.route('/', profileRoutes(deps, services));
  app.route('/', syncRoutes(deps, services, { hub, ...opts.live }));
  app.route(
    '/',
    aiRoutes(deps, services, {
      ai: createAiProvider(deps.config, services.rateLimiters), // within the server's AI budget (ai/budget.ts)
    }),
  );
  app.route('/', deathPlanRoutes(deps, services));
  app.route('/', defaultTaskRoutes(deps, services));
  app.route('/', collectionRoutes(deps, services));
  app.route('/', blobRoutes(deps, services));
  app.route('/', exportRoutes(deps, services));
  app.route('/', releaseRoutes(deps, services));
  app.route('/', escrowRoutes(deps, services));
  app.route('/', messageKeyOwnerRoutes(deps, services)); // before kitOwnerRoutes: /api/kits/messages/… is not a generation
  app.route('/', kitOwnerRoutes(deps, services));
  app.route('/', kitPublicRoutes(deps, services));
  app.route('/', messageKeyPublicRoutes(deps, services));
  app.route('/', releasePublicRoutes(deps, services));
  app.route('/', ownerEmailRoutes(deps, services));
  app.route('/', sharingRoutes(deps, services));
  app.route('/', emergencyRoutes(deps, services));
  app.route('/', checkInLinkRoutes(deps, services));
  app.route('/', pushRoutes(deps, services));
  app.route('/', serviceInfoRoutes(deps)); // GET /api/service: the operator's support address, signed out too
  app.route('/', healthRoutes(deps, services)); // /healthz, /readyz: outside /api, so no session, CSRF or body limit (issue #19)

  app.all('/api/*', () => {
    throw new ApiHttpError(404, 'Not found');
  });
  if (opts.serveWeb) mountWebApp(app, opts.webDir);
  return app;
}
