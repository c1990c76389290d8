/**
 * `GET /api/service`: what the app may tell anyone about this Afterword service, signed in or not:
 * `{ supportEmail }`, the operator's SUPPORT_EMAIL (README.md "Configuration"), or null when the
 * operator gave none. The Contact page (web/features/static-pages/ContactPage.tsx) names it, and
 * keeps the last answer on the device so the page says the same offline. Nothing of any account
 * is read, so it needs no session (http/public-routes.ts says why).
 */
import { Hono } from 'hono';
import type { ServiceInfo } from '../../shared/service-info';
import type { AppDeps, AppEnv } from '../app-env';

/** The route, answering from `deps.config` (read once at start). */
export function serviceInfoRoutes(deps: AppDeps): Hono<AppEnv> {
  const info: ServiceInfo = { supportEmail: deps.config.supportEmail ?? null };
  const app = new Hono<AppEnv>();
  // Not cached by the browser (/api answers are no-store): the device keeps its own copy for
  // offline use and asks again on each visit, so a changed address shows.
  app.get('/api/service', (c) => c.json(info));
  return app;
}
