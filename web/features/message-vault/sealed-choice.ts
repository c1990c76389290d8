/**
 * The owner's sealed record of each message's delivery choice (shared/schema/message.ts
 * `delivery`, sealed under the owner's key: shared/crypto/fields.ts), read and written in this
 * device's database and carried to the owner's other devices by sync. delivery-choice.ts decides
 * from it, never from the server's list (issue 39 "No back door", attack 4; SECURITY.md "What this
 * device pins").
 */
import type { UserDatabase } from '../../db/user-database';
import type { DeliveryMode } from '../../../shared/schema/kits';

/** A choice as sealed: the mode, and for `trustee` who hands it over (then an optional backup). */
export interface SealedChoice {
  mode: DeliveryMode;
  trustees: string[];
}

/** Where the owner's sealed choices are read and recorded (this device's database: sealedChoicesOf). */
export interface SealedChoices {
  /**
   * Message `messageId`'s sealed choice; null when its record holds none (a letter from before, or
   * left at the default); undefined when this device does not hold the message's record, or its
   * choice did not open (then nothing is decided for it).
   */
  read(messageId: string): Promise<SealedChoice | null | undefined>;
  /** Records `choice` in the message's record (sealed by the next sync). */
  write(messageId: string, choice: SealedChoice): Promise<void>;
  /**
   * The address a hand-over of message `messageId` is bound to (trustee-kit.ts handoverWrapContextV2):
   * the owner's sealed copy, else the plain address; null when this device does not hold the letter,
   * or refused its copy or its address at a pull (it would bind an address it cannot vouch for).
   */
  address(messageId: string): Promise<string | null>;
}

/**
 * True when `v` is a choice as shared/schema/message.ts deliveryChoiceSchema allows (checked by
 * hand: key-effects.ts loads this before the dashboard paints, which must not load zod).
 */
const isChoice = (v: unknown): v is SealedChoice => {
  const c = v as Partial<SealedChoice> | null;
  return !!c && (c.mode === 'server' || c.mode === 'trustee') && Array.isArray(c.trustees) && c.trustees.length <= 2 && c.trustees.every((t) => typeof t === 'string');
};

/** The sealed choices in `db` (the signed-in account's database on this device). */
export function sealedChoicesOf(db: UserDatabase): SealedChoices {
  return {
    async read(messageId) {
      const message = await db.dexie.entities('messages').get(messageId);
      if (!message) return undefined;
      // Refused when pulled (its sealing or its freshness): the field is left out of the record, so
      // reading it as "never chosen" would let the server's default decide (SECURITY.md "Freshness").
      if (await db.dexie.sealErrors.get(['messages', messageId, 'delivery'])) return undefined;
      if (message.delivery == null) return null;
      return isChoice(message.delivery) ? { mode: message.delivery.mode, trustees: [...message.delivery.trustees] } : undefined;
    },
    async address(messageId) {
      const message = await db.dexie.entities('messages').get(messageId);
      if (!message) return null;
      const refused = await db.dexie.sealErrors.bulkGet([
        ['messages', messageId, 'sealedRecipientEmail'],
        ['messages', messageId, 'recipientEmail'],
      ]);
      if (refused.some(Boolean)) return null;
      const address = typeof message.sealedRecipientEmail === 'string' ? message.sealedRecipientEmail : message.recipientEmail;
      return typeof address === 'string' && address.includes('@') ? address : null;
    },
    async write(messageId, choice) {
      await db.write('messages', messageId, { delivery: { mode: choice.mode, trustees: [...choice.trustees] } });
    },
  };
}
