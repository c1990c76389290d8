/**
 * Verifying the owner's profile e-mail (SECURITY.md "Limits", e-mail quotas): the release sends
 * the owner's notices (reminders, "a waiting period has started", …) only to an address the
 * owner proved to hold, so an account cannot point them at a stranger. A changed profile address
 * is unverified again (the stored one no longer matches, release/store/sqlite-release.ts `verifiedOwnerEmail`).
 *   POST /api/release/owner-email/verify  (session) e-mails a single-use link to the profile
 *        address; at most Config.limits `verificationEmailsPerDay` a day per account, and at most
 *        VERIFICATIONS_PER_ADDRESS_PER_DAY a day to one address from every account together
 *        (issue 40: fresh accounts naming a stranger's address; 429 past either)
 *   /api/verify-email/:token  GET a page with a button, POST confirm (single use; rate limited
 *        per IP like the other links; mail scanners that fetch links do not confirm anything)
 * The link is minted when the e-mail is sent (outbox.ts), from PUBLIC_URL only, stored hashed,
 * and works for 3 days (tokens.ts), and only while the profile still names the same address.
 */
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../accounts';
import { clientIp } from '../http/client-ip';
import { ApiHttpError } from '../http/errors';
import { createRateLimiter } from '../http/rate-limit';
import type { ReleaseRouteServices } from './route-services';
import { notFoundPage, page } from './page';
import { DAY_MS } from './state-machine';
import { resolveToken } from './tokens';
import { admitTokenOwner } from '../http/token-budgets';
import { serverWord } from './server-words';

/**
 * "Confirm your e-mail address" e-mails one address receives per rolling 24 hours, from every
 * account together (SECURITY.md "Limits"): an owner needs one, a mistyped try or two more.
 */
export const VERIFICATIONS_PER_ADDRESS_PER_DAY = 5;
const ADDRESS_FULL = 'Too many confirmation e-mails were sent to this address today. Please try again tomorrow.';

/** The verification routes (mounted by app.ts beside the release routes). */
export function ownerEmailRoutes(deps: AppDeps, services: Pick<ReleaseRouteServices, 'accounts' | 'release' | 'records' | 'scheduler'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { release } = services;
  const { store } = release;
  const limiter = createRateLimiter({ limit: 120, windowMs: 10 * 60_000, now: deps.now });

  app.post('/api/release/owner-email/verify', requireSession(deps, services), async (c) => {
    const userId = c.var.userId;
    const owner = await release.owner(userId);
    if (!owner.email) {
      throw new ApiHttpError(400, 'Add a valid e-mail address to your profile first.', [{ path: 'email', message: 'Add a valid e-mail address to your profile first.' }]);
    }
    if (await release.ownerAddress(userId)) throw new ApiHttpError(409, 'Your e-mail address is already confirmed.');
    const now = deps.now();
    const limit = deps.config.limits.verificationEmailsPerDay;
    // The limit's check and the queueing in one transaction: two presses at once cannot both pass it.
    const queued = await store.transaction(async (tx) => {
      const used = await tx.quotaUsed(userId, 'verify', now - DAY_MS);
      if (used >= limit) return 'account';
      if ((await tx.verificationsTo(owner.email!, now - DAY_MS)) >= VERIFICATIONS_PER_ADDRESS_PER_DAY) return 'address';
      return release.queue(tx, userId, 'owner-verify', owner.email!, `verify:${now}:${used}`, { recipientName: owner.firstName }, 'verify');
    });
    if (queued === 'address') throw new ApiHttpError(429, ADDRESS_FULL);
    if (queued !== true) throw new ApiHttpError(429, `A verification e-mail can be sent ${limit} times a day. Please try again tomorrow.`);
    services.scheduler.poke();
    return c.json({ ok: true, to: owner.email });
  });

  app.use('/api/verify-email/*', async (c, next) => {
    await limiter.hit(`release-link:${clientIp(c, deps)}`);
    await next();
  });

  /** The live verification token of the request whose address is still the profile's, or null. */
  const tokenOf = async (c: Context<AppEnv>) => {
    const tok = await resolveToken(store, c.req.param('token') ?? '', 'verify', deps.now());
    if (!tok) return null;
    await admitTokenOwner(c, services.records.throttle, tok.user_id); // its answer charged to the owner (http/token-budgets.ts)
    const email = (await release.owner(tok.user_id)).email;
    return email && email.toLowerCase() === tok.addr ? { tok, email } : null;
  };

  app.get('/api/verify-email/:token', async (c) => {
    const t = await tokenOf(c);
    if (!t) return notFoundPage(c);
    return page(
      c,
      'Confirm your e-mail address',
      html`<h1>Confirm your e-mail address</h1>
<p>Afterword will send notices about your account to ${t.email}: reminders to check in, and a warning if a waiting period starts.</p>
<form method="post"><button type="submit">Confirm ${t.email}</button></form>
<p class="muted">If you did not ask for this, simply close this page.</p>`,
    );
  });

  app.post('/api/verify-email/:token', async (c) => {
    const t = await tokenOf(c);
    if (!t) return notFoundPage(c);
    const now = deps.now();
    await store.transaction(async (tx) => {
      await tx.setVerifiedOwnerEmail(t.tok.user_id, t.email, now);
      await tx.revokeToken(t.tok.hash, now);
      await tx.addActivity(t.tok.user_id, now, 'email-verified', serverWord('serverWords.activity.emailVerified', { email: t.email }));
    });
    return page(
      c,
      'Thank you',
      html`<h1>Your e-mail address is confirmed</h1>
<p>Afterword will send notices about your account to ${t.email}. You can close this page.</p>`,
    );
  });

  return app;
}
