/**
 * Which keys a release hands out (SECURITY.md "Release escrow"; shared/crypto/fields.ts): each
 * message's key (`msg:<id>`, to its recipient's link) and the fixed scopes some trustee access
 * level receives (LEVEL_SCOPES). The device deposits exactly these (web/features/keys/
 * escrow-deposit.ts); the owner's readiness counts those not deposited (sync-server/release/
 * release-keys.ts).
 */
import { LEVEL_SCOPES } from '../crypto/fields';
import { parseKid } from '../crypto/kid';

const RELEASED_FIXED: ReadonlySet<string> = new Set(Object.values(LEVEL_SCOPES).flat());

/** True when a release hands out key `kid`: a message's key or a fixed scope some access level receives. */
export function releasedKid(kid: string): boolean {
  const p = parseKid(kid);
  return !!p && (p.scope.startsWith('msg:') || RELEASED_FIXED.has(p.scope));
}
