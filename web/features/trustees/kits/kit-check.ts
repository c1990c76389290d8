/**
 * Before a kit is sent or printed, its address and access level are checked against what the owner
 * sealed (issue 39 "No back door", attack 4): a server can rewrite a trustee's plain `email` (the
 * device pulls it like any plain field) and answer any level in `GET /api/release/trustees`; it
 * cannot make the owner's sealed copy of the address (`sealedEmail`, under the owner scope,
 * shared/sync/record.ts addOwnerCopies) nor change the level sealed in the owner copy of the kits
 * under AK (make-kits.ts openHandouts). A mismatch stops "Send by e-mail", "Share…", "Copy link" and
 * "Print kit" (KitRow.tsx) and says why, in plain words; nothing is sent. So does a copy this device
 * refused at its pull (the server left it out, or served an older one: KIT_ADDRESS_UNCHECKED_WORDS),
 * never read as "no copy". A trustee last addressed before there were copies has none: their
 * address is used as it is (SECURITY.md names this).
 */
import { ACCESS_LEVEL_LABELS } from '../../../../shared/labels';
import { sameAddress } from '../../../../shared/crypto/fields';
import { KIT_ADDRESS_UNCHECKED_WORDS } from '../../keys';
import type { KitCandidate } from './kit-plan';
import type { KitHandout } from './make-kits';

/** Said when the trustee's address on this device is not the one the owner sealed. */
export const KIT_ADDRESS_CHANGED_TEXT = (name: string, sealed: string) =>
  `The e-mail address your server now gives for ${name} is not the one you wrote (${sealed}). Nothing was sent. If ${sealed} is right, open ${name} on the Trustees screen, type it in again and save; then hand over the kit.`;

/** Said when the server's level for the trustee is not the one sealed in the owner's copy of the kit. */
export const KIT_LEVEL_CHANGED_TEXT = (name: string, listed: string, sealed: string) =>
  `Your server lists ${name} with “${listed}”, but your own copy of their kit was made for “${sealed}”. Nothing was sent. If you changed ${name}’s access, make new kits with “Re-key” so the kit opens what you chose; if you did not, do not hand this kit over.`;

/**
 * Why kit `handout` must not be sent or printed for `trustee` (as kitCandidates gives them: the
 * address on this device, its sealed copy, the server's level), or null when it may: the copy was
 * refused, the address differs from its sealed copy, or the server's level from the one sealed in
 * the owner copy.
 */
export function kitHandoutProblem(trustee: Pick<KitCandidate, 'name' | 'email' | 'sealedEmail' | 'copyRefused' | 'level'>, handout: Pick<KitHandout, 'level'>): string | null {
  if (trustee.copyRefused) return KIT_ADDRESS_UNCHECKED_WORDS(trustee.name, typeof trustee.sealedEmail === 'string');
  if (trustee.sealedEmail && !sameAddress(trustee.sealedEmail, trustee.email)) return KIT_ADDRESS_CHANGED_TEXT(trustee.name, trustee.sealedEmail);
  if (trustee.level !== handout.level) return KIT_LEVEL_CHANGED_TEXT(trustee.name, ACCESS_LEVEL_LABELS[trustee.level], ACCESS_LEVEL_LABELS[handout.level]);
  return null;
}

/** The address a checked kit goes to: the owner's sealed copy when there is one (equal to the plain one once checked), else the plain one. */
export const kitAddress = (trustee: Pick<KitCandidate, 'email' | 'sealedEmail'>): string => trustee.sealedEmail ?? trustee.email;
