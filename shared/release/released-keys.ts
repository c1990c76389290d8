/**
 * Which keys the release escrow holds and hands out (SECURITY.md "Release escrow"; shared/crypto/
 * fields.ts): each message's key (`msg:<id>`, to its recipient's link) and nothing else. A trustee's
 * level (plan, documents, tasks, names) opens only with their trustee kit, never from the escrow, so
 * with fewer than k kits nothing sealed is released to trustees (issue "Release through trustees'
 * key shares", constraint "The escrow ends"), and the server never needs those keys. The device
 * deposits exactly these (web/features/keys/escrow-deposit.ts); the server refuses any other
 * (sync-server/release/escrow/routes.ts); the owner's readiness counts those not deposited
 * (sync-server/release/release-keys.ts).
 */
import { parseKid } from '../crypto/kid';

/** True when the escrow may hold and hand out key `kid`: a message's key. */
export function releasedKid(kid: string): boolean {
  const p = parseKid(kid);
  return !!p && p.scope.startsWith('msg:');
}
