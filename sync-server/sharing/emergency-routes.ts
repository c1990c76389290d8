/**
 * The routes of emergency access (docs/sharing.md "Emergency access"; issue 43):
 *
 *   GET    /api/emergency                             (owner) → { settings, requests }
 *   PUT    /api/emergency/trustees/:trusteeId         (owner, proven) { position, waitHours, generation, items, gate, wrap, bundle, refresh?, choiceVersion?, basedOn? } → 204 | 409 (sealed from an older choice, or edited from another than the one held)
 *   DELETE /api/emergency/trustees/:trusteeId[?basedOn=N] (owner) → 200 { deleted } | 409 (basedOn given, another choice held)
 *   POST   /api/emergency/requests/:id/refuse         (owner) {} → 204 (one tap, from the e-mail's link or the push)
 *   POST   /api/emergency/requests/:id/end            (owner) {} → 204
 *   GET    /api/kit/:token/emergency                  (trustee's kit page) → { canAsk, waitHours, itemCount, request, access }
 *   POST   /api/kit/:token/emergency                  (trustee's kit page) {} → 201 request
 *   POST   /api/kit/:token/emergency/opened           (trustee's kit page, once it opened the bundle) { requestId } → 200 { openedAt } | 404 | 409
 *
 * Owner bodies are strict zod objects (400 `{ error, issues }` naming the field) behind a session
 * and CSRF (app.ts); setting what opens needs a proven session (accounts/unproven.ts). Every owner
 * route answers only the caller's own rows. The kit routes take the kit's token as the trustee's
 * capability, behind release/kits/public-routes.ts's middleware (rate limited per IP, charged to the
 * owner's read budget); a retired kit and the executor kit are refused. `access` (the gate) is present
 * only once a request is granted: emergency-service.ts.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { SHARE_SEALED_RE } from '../../shared/crypto/share-copy';
import { requireProven, requireSession, type SessionDeps } from '../accounts';
import type { AppDeps, AppEnv } from '../app-env';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import type { KitService } from '../release/index';
import { EMERGENCY_WAIT_HOURS } from './model/emergency';
import { MAX_CHOICE_VERSION } from '../../shared/schema/trustee';
import type { EmergencyService, KitRef } from './emergency-service';
import { MAX_COPY_CHARS } from './service';

/** At most this many items per trustee (the bundle stays within one sealed copy). */
export const MAX_EMERGENCY_ITEMS = 200;
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
/** An item of a setting: a document's id, or `plan-section:<section>` / `task-list:<category>` (emergency-service.ts checks each). */
const EMERGENCY_ITEM_RE = /^(?:(?:plan-section|task-list):)?[A-Za-z0-9_-]{1,64}$/;

/** The body of `PUT /api/emergency/trustees/:trusteeId` (exported for the tests). */
export const emergencySettingSchema = z.strictObject({
  position: z.number().int().min(0).max(1000),
  waitHours: z
    .number()
    .int('must be a whole number of hours')
    .min(EMERGENCY_WAIT_HOURS.min, `must be at least ${EMERGENCY_WAIT_HOURS.min} hour`)
    .max(EMERGENCY_WAIT_HOURS.max, `must be at most ${EMERGENCY_WAIT_HOURS.max} hours (four weeks)`),
  generation: z.number().int().min(1).max(1_000_000),
  // Empty only in a refresh: every item chosen was deleted, and the device seals an empty bundle over the last one.
  items: z.array(z.string().regex(EMERGENCY_ITEM_RE, 'must be a document id, plan-section:<section> or task-list:<category>')).max(MAX_EMERGENCY_ITEMS),
  gate: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be 32 random bytes, base64url'),
  wrap: z.string().regex(/^w1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/, 'must be a wrapped key (w1.<nonce>.<ciphertext>)'),
  bundle: z.string().max(MAX_COPY_CHARS, `must be at most ${MAX_COPY_CHARS} characters`).regex(SHARE_SEALED_RE, 'must be sealed on your device (s1.<nonce>.<ciphertext>)'),
  refresh: z.literal(true).optional(), // only replace an existing setting (emergency-service.ts NOTHING_TO_REFRESH)
  choiceVersion: z.number().int().min(0).max(MAX_CHOICE_VERSION).optional(), // the owner's choice it was sealed from (emergency-service.ts STALE_CHOICE)
  basedOn: z.number().int().min(0).max(MAX_CHOICE_VERSION).optional(), // the choice it was edited from, 0 for none (emergency-service.ts CHOICE_CHANGED)
}).refine((b) => b.refresh || b.items.length > 0, { path: ['items'], message: 'must name at least one item' });
const emptyBody = z.strictObject({});
/** The body of `POST /api/kit/:token/emergency/opened`: the request whose bundle the page opened. */
const openedBody = z.strictObject({ requestId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a request id') });
/** `?basedOn=` of a Remove: the version of the choice it removes (a Remove saved offline; emergency-service.ts CHOICE_CHANGED). */
const basedOnQuery = z.string().regex(/^\d{1,10}$/).refine((v) => Number(v) <= MAX_CHOICE_VERSION);

export interface EmergencyRouteServices extends SessionDeps {
  kits: Pick<KitService, 'find'>;
  emergency: EmergencyService;
}

/** The owner's routes and the trustee's. */
export function emergencyRoutes(deps: AppDeps, services: EmergencyRouteServices): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { emergency } = services;
  app.use('/api/emergency', requireSession(deps, services));
  app.use('/api/emergency/*', requireSession(deps, services));
  app.get('/api/emergency', async (c) => c.json(await emergency.overview(c.var.userId)));
  const trusteeId = (c: Context<AppEnv>) => {
    const id = c.req.param('trusteeId') ?? '';
    if (!ID_RE.test(id)) throw new ApiHttpError(400, 'Invalid trustee', [{ path: 'trusteeId', message: 'must be a trustee id' }]);
    return id;
  };
  app.put('/api/emergency/trustees/:trusteeId', requireProven(deps, services), async (c) => {
    await emergency.putSetting(c.var.userId, trusteeId(c), await readJson(c, emergencySettingSchema));
    return c.body(null, 204);
  });
  app.delete('/api/emergency/trustees/:trusteeId', async (c) => {
    const based = c.req.query('basedOn');
    if (based !== undefined && !basedOnQuery.safeParse(based).success) throw new ApiHttpError(400, 'Invalid basedOn', [{ path: 'basedOn', message: 'must be the version of the choice removed, 0 for none' }]);
    await emergency.deleteSetting(c.var.userId, trusteeId(c), based === undefined ? undefined : Number(based));
    return c.json({ deleted: true }); // a body, as every answer in the frame: its bytes count against the read budget (account-frame.contract.ts)
  });
  app.post('/api/emergency/requests/:id/refuse', async (c) => {
    await readJson(c, emptyBody);
    await emergency.refuse(c.var.userId, c.req.param('id'));
    return c.body(null, 204);
  });
  app.post('/api/emergency/requests/:id/end', async (c) => {
    await readJson(c, emptyBody);
    await emergency.end(c.var.userId, c.req.param('id'));
    return c.body(null, 204);
  });

  /**
   * The kit behind the token: 410 retired, 403 the executor kit. The rate limit per IP, the 404 of
   * an unknown token and the charge to the owner's budget are kitPublicRoutes' middleware on
   * /api/kit/:token/* (release/kits/public-routes.ts), mounted before these routes in app.ts.
   */
  const kitOf = async (c: Context<AppEnv>): Promise<KitRef> => {
    const found = await services.kits.find(c.req.param('token') ?? '');
    if (!found) throw new ApiHttpError(404, "This link isn't available", []);
    if (found.status === 'retired') throw new ApiHttpError(410, 'This kit was replaced by a newer one', []);
    if (found.executor) throw new ApiHttpError(403, 'The executor kit cannot ask for emergency access', []);
    return found.kit;
  };
  app.get('/api/kit/:token/emergency', async (c) => c.json(await emergency.trusteeView(await kitOf(c))));
  app.post('/api/kit/:token/emergency', async (c) => {
    const kit = await kitOf(c);
    await readJson(c, emptyBody);
    return c.json(await emergency.request(kit), 201);
  });
  app.post('/api/kit/:token/emergency/opened', async (c) => {
    const kit = await kitOf(c);
    const { requestId } = await readJson(c, openedBody);
    return c.json(await emergency.bundleOpened(kit, requestId));
  });
  return app;
}
