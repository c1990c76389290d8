/**
 * The e-mails of "Forgot password" (SECURITY.md "Password reset"), queued off the request path:
 * `ask(addr)` returns at once and the lookup and queueing run after, so POST
 * /api/auth/forgot-password answers in the same time whether or not the address is an account's
 * (measured in-process: awaited, a known address answered in a median 4.1 ms against 0.75 ms for an
 * unknown one; detached, 0.36 ms against 0.61 ms).
 * Only an account whose verified owner address (release/owner-email.ts) `addr` is, and whose
 * profile still names it, gets an e-mail, within its `passwordResetsPerDay` quota
 * (release/email-quotas.ts). A failure is logged, never thrown: the person may simply ask again.
 */
import type { AppDeps } from '../app-env';
import type { AnyAccountStore } from './store/account-store';
import type { ReleaseScheduler } from '../release';
import type { ReleaseService } from '../release';
import { DAY_MS } from '../release';

export interface ResetMail {
  /** Queues a reset e-mail for each account whose verified address is `addr` (lower-cased), in the background. */
  ask(addr: string): void;
  /** Resolves when every ask made so far has queued (or not) its e-mail: tests and shutdown. */
  settled(): Promise<void>;
}

/** The reset e-mails of one services instance (services.ts). */
export function createResetMail(deps: AppDeps, s: { accounts: AnyAccountStore; release: ReleaseService; scheduler: ReleaseScheduler }): ResetMail {
  const { release } = s;
  const inFlight = new Set<Promise<void>>();

  const queue = async (addr: string) => {
    // After this turn of the event loop: SQLite answers synchronously, so without this the
    // lookup and the commit would run before the response is on its way.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const now = deps.now();
    const limit = deps.config.limits.passwordResetsPerDay;
    let queued = false;
    for (const user of await s.accounts.findByVerifiedEmail(addr)) {
      // The profile must still name the verified address (a changed address is unverified again).
      if ((await release.ownerAddress(user.id))?.toLowerCase() !== addr) continue;
      const owner = await release.owner(user.id);
      // The quota's check and the queueing in one transaction, as owner-email.ts does.
      const ok = await release.store.transaction(async (tx) => {
        const used = await tx.quotaUsed(user.id, 'reset', now - DAY_MS);
        if (used >= limit) return false;
        return release.queue(tx, user.id, 'owner-reset', addr, `reset:${now}:${used}`, { recipientName: owner.firstName }, 'reset');
      });
      queued = ok || queued;
    }
    if (queued) s.scheduler.poke();
  };

  return {
    ask(addr) {
      const p = queue(addr)
        .catch((err: unknown) => console.error('Password reset: could not queue the e-mail:', err instanceof Error ? err.message : err))
        .finally(() => inFlight.delete(p));
      inFlight.add(p);
    },
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
