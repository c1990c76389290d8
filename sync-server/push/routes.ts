/**
 * The owner's Web Push endpoints (session; DESIGN.md §8 "Check-ins"): `GET /api/push/key` (the
 * VAPID public key, null when push is off), `POST /api/push/subscriptions` (this browser's
 * subscription, when the person turned check-ins on and allowed notifications; 400 naming
 * `endpoint` when it is not a push service's, push/endpoints.ts), `DELETE /api/push/subscriptions`
 * (this browser no longer wants them). Only the session's account is ever read or written.
 */
import { Hono } from 'hono';
import { pushSubscriptionSchema, pushUnsubscribeSchema, type PushKey } from '../../shared/schema/push';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession, type AnyAccountStore } from '../accounts';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import { isAllowedPushEndpoint } from './endpoints';
import type { AsyncPushStore } from './push-store';
import type { PushSender } from './sender';

/** What the push routes read of the server's services (app.ts passes its whole `Services`): the sessions (accounts/'s middleware) and push's own store and sender. */
export interface PushRouteServices {
  accounts: AnyAccountStore;
  push: { store: AsyncPushStore; sender: PushSender };
}

/** The routes above over `services.push`. */
export function pushRoutes(deps: AppDeps, services: PushRouteServices): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { push } = services;
  app.use('/api/push/*', requireSession(deps, services));

  app.get('/api/push/key', (c) => c.json({ publicKey: push.sender.publicKey } satisfies PushKey));

  app.post('/api/push/subscriptions', async (c) => {
    const body = await readJson(c, pushSubscriptionSchema);
    if (!push.sender.publicKey) throw new ApiHttpError(409, 'Notifications are not set up on this server.');
    if (!isAllowedPushEndpoint(body.endpoint, deps.config.pushOrigins)) {
      throw new ApiHttpError(400, 'Invalid request: endpoint: not a push service', [{ path: 'endpoint', message: 'Not a push service' }]);
    }
    await push.store.add({ user_id: c.var.userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, created_at: deps.now() });
    return c.json({ ok: true }, 201);
  });

  app.delete('/api/push/subscriptions', async (c) => {
    const body = await readJson(c, pushUnsubscribeSchema);
    await push.store.remove(c.var.userId, body.endpoint);
    return c.json({ ok: true });
  });
  return app;
}
