/**
 * The owner's release endpoints (DESIGN.md §8), all behind a session:
 * GET/PUT /api/release/settings, GET /api/release/status, POST /api/release/cancel
 * ("I'm still here"), GET /api/release/activity, GET /api/release/trustees,
 * POST /api/release/trustees/:id/invite (resend), GET /api/release/readiness,
 * POST /api/release/undeliverable/seen (dismiss the banner), GET /api/release/rehearsal (what each
 * recipient and trustee would receive, read-only: release/rehearsal.ts), POST /api/release/check-in (the person
 * used the app: the one check-in a device makes, DESIGN.md §8).
 * The public token routes (trustees, recipients, one-click cancel) are in release/public-routes.ts.
 */
import { Hono } from 'hono';
import type {
  ReleaseActivity,
  ReleaseSettings,
  ReleaseStatus,
} from '../../shared/schema/release';
import { releaseSettingsSchema } from '../../shared/schema/release';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession, requireRecentAuth, requireProven } from '../accounts';
import { readinessOf, trusteesOf, undeliverableOf } from './readiness';
import { rehearseRelease } from './rehearsal';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import { TransitionError, checkInDueAt } from './state-machine';
import type { CheckInDays, ReleaseState, WaitingDays } from './model';
import type { ReleaseRouteServices } from './route-services';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The wire form of a state (shared/schema/release.ts). */
export function statusJson(s: ReleaseState): ReleaseStatus {
  return {
    state: s.phase,
    startedBy:
      s.startedBy === null
        ? null
        : s.startedBy.kind === 'trustee'
          ? { kind: 'trustee', name: s.startedBy.name, diedOn: s.startedBy.diedOn ?? null, note: s.startedBy.note ?? null }
          : { kind: 'check-in' },
    startedAt: iso(s.startedAt),
    endsAt: iso(s.endsAt),
    releasedAt: iso(s.releasedAt),
    lastCheckInAt: new Date(s.lastCheckInAt).toISOString(),
    checkInDueAt: iso(checkInDueAt(s)),
  };
}

/** Maps a refused transition to its HTTP status (403 forbidden, 409 wrong state). */
export function asHttp(err: unknown): never {
  if (err instanceof TransitionError) throw new ApiHttpError(err.status, err.message);
  throw err;
}

export function releaseRoutes(deps: AppDeps, services: Pick<ReleaseRouteServices, 'accounts' | 'release' | 'records' | 'scheduler' | 'mailer' | 'messageKeys' | 'releaseKeys'>): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { release } = services;
  const records = services.records;
  app.use('/api/release/*', requireSession(deps, services));

  const settingsOf = (s: ReleaseState): ReleaseSettings => ({ checkInDays: s.checkInDays, waitingDays: s.waitingDays });

  app.get('/api/release/settings', async (c) => c.json(settingsOf(await release.state(c.var.userId))));

  // Who may start a release, and when, is the most sensitive setting there is: the password
  // entered in the last minutes (accounts/reauth.ts).
  app.put('/api/release/settings', requireRecentAuth(deps, services), requireProven(deps, services), async (c) => {
    const body = await readJson(c, releaseSettingsSchema);
    try {
      const out = await release.apply(c.var.userId, { kind: 'owner' }, {
        type: 'settings',
        checkInDays: body.checkInDays as CheckInDays | undefined,
        waitingDays: body.waitingDays as WaitingDays | undefined,
      });
      return c.json(settingsOf(out.state));
    } catch (err) {
      asHttp(err);
    }
  });

  /**
   * The person used the app (DESIGN.md §8 "Check-ins"): the web app posts this after a trusted
   * interaction in a visible page (web/features/release/check-in.ts), never for a background sync,
   * a poll or the live stream, which check in nothing. Answers the status, as GET status does.
   */
  app.post('/api/release/check-in', async (c) => {
    await release.checkIn(c.var.userId);
    return c.json(statusJson(await release.state(c.var.userId)));
  });

  app.get('/api/release/status', async (c) => {
    const s = await release.state(c.var.userId);
    const handedOver = s.phase === 'released' ? [...(await services.messageKeys.handedOver(c.var.userId)).keys()] : [];
    return c.json({ ...statusJson(s), undeliverable: await undeliverableOf(release, c.var.userId, true), ...(handedOver.length ? { handedOver } : {}) });
  });

  app.post('/api/release/cancel', async (c) => {
    try {
      const out = await release.apply(c.var.userId, { kind: 'owner' }, { type: 'cancel' });
      services.scheduler.poke();
      return c.json(statusJson(out.state));
    } catch (err) {
      asHttp(err);
    }
  });

  app.get('/api/release/activity', async (c) => {
    const rows: ReleaseActivity[] = (await release.store.activity(c.var.userId)).map((r) => ({
      id: r.id,
      at: new Date(r.at).toISOString(),
      kind: r.kind,
      text: r.text,
      ...(r.code !== undefined && { code: r.code, params: r.params ?? {} }),
    }));
    return c.json(rows);
  });

  app.get('/api/release/trustees', async (c) => c.json(await trusteesOf(release, records, c.var.userId)));

  // "Rehearse the release" (Settings): a preview built by the release's own e-mail builders; writes nothing.
  app.get('/api/release/rehearsal', async (c) => {
    const handedBy = new Map((await services.messageKeys.list(c.var.userId)).messages.filter((m) => m.mode === 'trustee').map((m) => [m.messageId, m.trustees] as const));
    return c.json(await rehearseRelease(release, records, c.var.userId, deps.now(), handedBy, await services.releaseKeys.sealed(c.var.userId)));
  });

  app.get('/api/release/readiness', async (c) => {
    const userId = c.var.userId;
    return c.json(await readinessOf(deps, release, records, services.mailer, userId, await services.releaseKeys.undeposited(userId), await services.messageKeys.unbound(userId), await services.releaseKeys.sealed(userId)));
  });

  /** The owner has read the banner about e-mails that could not be delivered. */
  app.post('/api/release/undeliverable/seen', async (c) => {
    await release.store.seeFailedEmails(c.var.userId, deps.now());
    return c.json({ ok: true });
  });

  // The owner sends an invitation again (issue #16), within Config.limits.resendsPerDay (#15).
  app.post('/api/release/trustees/:id/invite', async (c) => {
    const result = await release.resendInvitation(c.var.userId, c.req.param('id'));
    if (result === 'not-found') throw new ApiHttpError(404, 'Not found');
    if (result === 'accepted') throw new ApiHttpError(409, 'This trustee has already accepted.');
    if (result === 'limit') throw new ApiHttpError(429, `Invitations can be resent ${deps.config.limits.resendsPerDay} times a day. Please try again tomorrow.`);
    services.scheduler.poke();
    return c.json({ ok: true });
  });

  return app;
}
