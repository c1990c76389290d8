/**
 * The trustee kit's public routes (contract §2): no session, the kit's token is the capability;
 * rate limited per IP like the other token routes (release/public-routes.ts), every answer charged
 * to the owner's read budget (http/token-budgets.ts). They never accept or
 * return a trustee's kit secret t (bodies are strict: an unknown field is a 400 naming it).
 *
 *   GET  /api/kit/:token            → the kit's status for the kit page (404 unknown)
 *   POST /api/kit/:token/handover   { commitment } → 204 | 422
 *   POST /api/kit/:token/check      {} → 204 (the yearly check: the person compared the fingerprint)
 *   POST /api/kit/:token/confirm    { share } → { confirmations, needed, released } (confirm.ts)
 *   GET  /api/kit/:token/access     → { q, gate, blob, level, pageToken } after the release, else 403 (always for the executor kit)
 *   GET  /kit/:token                → the kit page (web/release/, built to dist/r/) with the release pages' CSP
 *
 * A retired kit (a newer generation replaced it) answers 410 to every step; its GET says `retired`.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppDeps, AppEnv } from '../../app-env';
import { clientIp } from '../../http/client-ip';
import { ApiHttpError } from '../../http/errors';
import { readJson } from '../../http/validate';
import { admitTokenOwner } from '../../http/token-budgets';
import type { ReleaseRouteServices } from '../route-services';
import { kitFingerprint } from '../../../shared/crypto/trustee-kit';
import { shareBytes } from './confirm';
import type { KitInfo } from '../../../shared/schema/kits';

/** Requests per IP in 10 minutes on the kit routes, as the release links (release/public-routes.ts). */
export const KIT_REQUESTS_PER_10_MIN = 120;

const handoverBody = z.strictObject({ commitment: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 commitment (64 lowercase hex digits)') });
const checkBody = z.strictObject({});
const confirmBody = z.strictObject({ share: z.string().max(400).refine((s) => shareBytes(s) !== null, 'must be a key share, base64url') });

export function kitPublicRoutes(deps: AppDeps, services: Pick<ReleaseRouteServices, 'rateLimiters' | 'records' | 'release' | 'scheduler' | 'kits' | 'kitRelease'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { kits, kitRelease, release } = services;
  const limiter = services.rateLimiters({ name: 'kit-link', limit: KIT_REQUESTS_PER_10_MIN, windowMs: 10 * 60_000 });
  app.use('/api/kit/*', async (c, next) => {
    await limiter.hit(`kit-link:${clientIp(c, deps)}`);
    await next();
  });
  const token = (c: Context) => c.req.param('token') ?? '';
  const notFound = () => new ApiHttpError(404, "This link isn't available", []);
  // An unknown kit is 404 before its body is read (the answer of every token link to an unknown token).
  // Its owner admitted: the answer is charged to the account whose kit it is (http/token-budgets.ts).
  app.use('/api/kit/:token/*', async (c, next) => {
    const found = await kits.find(token(c));
    if (!found) throw notFound();
    await admitTokenOwner(c, services.records.throttle, found.kit.user_id);
    await next();
  });

  app.get('/api/kit/:token', async (c) => {
    const found = await kits.find(token(c));
    if (!found) throw notFound();
    await admitTokenOwner(c, services.records.throttle, found.kit.user_id);
    const { kit, gen, status } = found;
    const s = await release.state(kit.user_id);
    // The executor kit opens nothing itself: after the release its page names whom to turn to.
    const trusteesWithAccess = found.executor && s.phase === 'released' ? await kits.holders(kit.user_id) : [];
    // The page speaks the trustee's language as the owner chose it, else the account's (issue 44; the
    // executor kit, whose holder is no trustee, the account's). Read on each request, as the trustee's page.
    const trustee = found.executor ? null : await services.records.get(kit.user_id, 'trustees', kit.trustee_id);
    const lang = await release.readerLanguage(kit.user_id, trustee?.language);
    return c.json({
      ownerFirstName: (await release.owner(kit.user_id)).firstName,
      account: kit.user_id,
      trusteeId: kit.trustee_id,
      generation: kit.generation,
      index: kit.share_index,
      k: gen.k,
      commitment: kit.commitment,
      fingerprint: await kitFingerprint(kit.commitment),
      status,
      phase: s.phase,
      confirmed: kit.confirmed_at !== null,
      confirmations: status === 'current' ? await kitRelease.confirmations(kit.user_id, gen.generation) : 0,
      handedOverAt: kit.handed_over_at === null ? null : new Date(kit.handed_over_at).toISOString(),
      checkedAt: kit.checked_at === null ? null : new Date(kit.checked_at).toISOString(),
      executor: found.executor,
      trusteesWithAccess,
      lang,
    } satisfies KitInfo);
  });

  /** Throws 404 for an unknown kit, 410 for a retired one (kits/service.ts answers false for both). */
  const refused = async (t: string): Promise<never> => {
    const found = await kits.find(t);
    if (found?.status === 'retired') throw new ApiHttpError(410, 'This kit has been replaced by a newer one', [{ path: 'token', message: 'is a kit that no longer works' }]);
    if (found) throw new ApiHttpError(409, 'This kit has not been handed over yet', [{ path: 'token', message: 'has not been handed over' }]);
    throw notFound();
  };

  app.post('/api/kit/:token/handover', async (c) => {
    const { commitment } = await readJson(c, handoverBody);
    if (!(await kits.handover(token(c), commitment))) await refused(token(c));
    services.scheduler.poke();
    return c.body(null, 204);
  });

  app.post('/api/kit/:token/check', async (c) => {
    await readJson(c, checkBody);
    if (!(await kits.check(token(c)))) await refused(token(c));
    return c.body(null, 204);
  });

  app.post('/api/kit/:token/confirm', async (c) => {
    const { share } = await readJson(c, confirmBody);
    const out = await kitRelease.confirm(token(c), shareBytes(share)!);
    if (out.released) services.scheduler.poke(); // the access e-mails and deliveries go out now
    return c.json(out);
  });

  app.get('/api/kit/:token/access', async (c) => c.json(await kitRelease.access(token(c))));
  return app;
}
