/**
 * The owner's "I'm here" from a check-in reminder (DESIGN.md §8 "Check-ins"): the e-mailed
 * link `/api/check-in/:token` (purpose `check-in`, 14 days, release/tokens.ts) shows a page with
 * one button; pressing it is a check-in, a deliberate act. Opening the page does nothing, so a
 * mail scanner that follows links never checks anyone in. Rate limited per IP like the other
 * release links; an unknown, expired or revoked token is the same 404.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AppDeps, AppEnv } from '../app-env';
import { clientIp } from '../http/client-ip';
import { createRateLimiter } from '../http/rate-limit';
import type { ReleaseRouteServices } from './route-services';
import { notFoundPage, page } from './page';
import { resolveToken } from './tokens';
import { admitTokenOwner } from '../http/token-budgets';

/** GET (the page) and POST (the check-in) of `/api/check-in/:token`. */
export function checkInLinkRoutes(deps: AppDeps, services: Pick<ReleaseRouteServices, 'release' | 'records'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { release } = services;
  const limiter = createRateLimiter({ limit: 120, windowMs: 10 * 60_000, now: deps.now });
  app.use('/api/check-in/*', async (c, next) => {
    await limiter.hit(`check-in-link:${clientIp(c, deps)}`);
    await next();
  });
  /** The live check-in token of `c`, its owner admitted (charged for the answer, http/token-budgets.ts), or null. */
  const tokenOf = async (c: Context<AppEnv>) => {
    const tok = await resolveToken(release.store, c.req.param('token') ?? '', 'check-in', deps.now());
    if (tok) await admitTokenOwner(c, services.records.throttle, tok.user_id);
    return tok;
  };

  app.get('/api/check-in/:token', async (c) => {
    if (!(await tokenOf(c))) return notFoundPage(c);
    return page(
      c,
      "I'm here",
      html`<h1>Are you well?</h1>
<p>Your Afterword check-in settings ask us to make sure you are well. Press the button to check in.</p>
<form method="post"><button type="submit">I'm here</button></form>`,
    );
  });

  app.post('/api/check-in/:token', async (c) => {
    const tok = await tokenOf(c);
    if (!tok) return notFoundPage(c);
    await release.checkIn(tok.user_id);
    return page(
      c,
      'Checked in',
      html`<h1>Thank you</h1>
<p>You have checked in. We will remind you again when your next check-in is due.</p>`,
    );
  });
  return app;
}
