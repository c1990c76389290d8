/**
 * How emergency access reaches the rest of the server (services.ts): the trustee's standing from
 * the release's invitations, the owner's documents, and `tell`, which queues the owner's e-mail
 * in the release outbox (release/outbox.ts sends it; the scheduler is poked so it goes at once)
 * and sends the Web Push (push/sender.ts), as check-in reminders do. Only the owner's verified
 * address is written to (release/service.ts ownerAddress); nothing of the plan is in either.
 */
import type { AppDeps } from '../app-env';
import type { AsyncPushStore, PushSender } from '../push/index';
import type { ReleaseService } from '../release/index';
import { createEmergencyService, type EmergencyService } from './emergency-service';
import type { GateSealer } from './gate-seal';
import type { AsyncEmergencyStore } from './store/emergency-store';

/** The emergency service over `store`, told through `release`'s outbox and `push`; `poke` asks the scheduler for a pass (it sends the e-mail). */
export function wireEmergency(
  deps: Pick<AppDeps, 'now'>,
  parts: { store: AsyncEmergencyStore; gates: GateSealer; release: ReleaseService; push: Pick<PushSender, 'notify'>; pushStore: Pick<AsyncPushStore, 'list'>; poke: () => void; itemExists: (userId: string, itemId: string) => Promise<boolean>; sharingStarted?: (userId: string) => Promise<void> },
): EmergencyService {
  const { release } = parts;
  return createEmergencyService({
    store: parts.store,
    gates: parts.gates,
    now: deps.now,
    itemExists: parts.itemExists,
    sharingStarted: parts.sharingStarted,
    trusteeStatus: async (userId, trusteeId) => (await release.store.invitation(userId, trusteeId))?.status ?? null,
    reach: async (userId) => ({ email: (await release.ownerAddress(userId)) !== null, push: (await parts.pushStore.list(userId)).length > 0 }),
    async tell(userId, r) {
      const to = await release.ownerAddress(userId);
      if (to) {
        // Named by their address, as a trustee's death report is (a trustee's name is sealed: SECURITY.md).
        const startedBy = (await release.store.invitation(userId, r.trusteeId))?.email;
        const owner = await release.owner(userId);
        const endsAt = r.waitEndsAt === null ? undefined : Date.parse(r.waitEndsAt);
        await release.store.transaction((tx) => release.queue(tx, userId, 'owner-emergency-requested', to, `emergency:${r.id}`, { recipientName: owner.firstName, startedBy, endsAt, requestId: r.id }));
        parts.poke();
      }
      await parts.push.notify(userId, 'emergency-requested');
    },
  });
}
