/**
 * A letter's address on the owner's own screens (issue 39, attack 4): the server may rewrite the
 * plain `recipientEmail` (the device pulls it like any plain field); the owner's sealed copy
 * (`sealedRecipientEmail`, shared/sync/record.ts addOwnerCopies) is what they wrote. The vault's
 * card (MessageCard.tsx) shows the sealed one and says plainly when the server's differs, or when
 * this device refused the copy the server served (left out or older: web/db/refused-fields.ts),
 * which is never read as "no copy".
 */
import type { Message } from '../../../shared/schema';
import { sameAddress } from '../../../shared/crypto/fields';
import { ADDRESS_UNCHECKED_WORDS } from '../keys';

/** Said on a letter whose address from the server is not the one the owner wrote (`sealed`). */
export const ADDRESS_CHANGED_TEXT = (sealed: string) =>
  `Your server now gives another address for this letter than the one you wrote (${sealed}). Edit this message, type the right address and save.`;

/** The address to show for `m`: the owner's sealed copy when there is one, else the plain one. */
export const letterAddress = (m: Pick<Message, 'recipientEmail' | 'sealedRecipientEmail'>): string => m.sealedRecipientEmail ?? m.recipientEmail;

/**
 * ADDRESS_UNCHECKED_WORDS when this device refused `m`'s sealed copy (`copyRefused`; saying whether the
 * address shown is the copy this device kept or the server's), ADDRESS_CHANGED_TEXT
 * when `m`'s plain address is not its sealed copy, else null (no copy: a letter addressed before copies).
 */
export function letterAddressNotice(m: Pick<Message, 'recipientEmail' | 'sealedRecipientEmail'>, copyRefused = false): string | null {
  if (copyRefused) return ADDRESS_UNCHECKED_WORDS(typeof m.sealedRecipientEmail === 'string');
  const sealed = m.sealedRecipientEmail;
  return sealed && !sameAddress(sealed, m.recipientEmail) ? ADDRESS_CHANGED_TEXT(sealed) : null;
}
