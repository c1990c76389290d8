/**
 * When the owner is asked to re-key what an emergency opened (issue 43: "the owner can end the
 * emergency at any time (access stops for new items and keys, and the owner is asked to re-key
 * what was opened)"; docs/sharing.md "Emergency access"). A trustee who was granted emergency
 * access holds their kit's secret t and may have kept the gate and what they saw; new trustee
 * kits retire that kit (its routes answer 410) and, once in force, EmergencyRefresher seals each
 * bundle again with a new gate and key for the new kits. So the screen asks after a granted
 * emergency was ended, until a kit generation made after that end is in force (a pending one is
 * not handed over yet: the old kit still opens). Pure: the page reads
 * `GET /api/emergency` and `GET /api/kits`.
 */
import type { KitEmergencyRequest, KitsState } from '../../../shared/schema/kits';

/** A request as the owner's screen reads it (GET /api/emergency). */
export type EmergencyRequestView = Pick<KitEmergencyRequest, 'id' | 'trusteeId' | 'phase' | 'requestedAt' | 'waitEndsAt' | 'grantedAt' | 'endedAt'>;

/**
 * The ended emergencies (granted, then ended by the owner) the owner should re-key after, the
 * latest per trustee: those with no kit generation in force made after their end in `kits` (null when the
 * kits could not be read: then each is asked all the same).
 */
export function rekeyDue(requests: readonly EmergencyRequestView[], kits: KitsState | null): EmergencyRequestView[] {
  // Only kits in force retire the trustee's old kit: a pending generation is not handed over yet.
  const newest = kits?.current ? Date.parse(kits.current.createdAt) : 0;
  const seen = new Set<string>();
  const latestFirst = [...requests].filter((r) => r.phase === 'ended' && r.grantedAt && r.endedAt).sort((a, b) => Date.parse(b.endedAt!) - Date.parse(a.endedAt!));
  return latestFirst.filter((r) => {
    if (seen.has(r.trusteeId)) return false;
    seen.add(r.trusteeId);
    return newest <= Date.parse(r.endedAt!);
  });
}
