/**
 * The owner's sealed copies of plain addresses (OWNER_COPIES, re-exported by ./fields.ts), in a
 * module of their own: the database's record code (shared/sync/record.ts) runs at every signed-in
 * start and needs this table only, not fields.ts's classes of every field (issue 41).
 */
import type { CollectionName } from '../schema/collection-names';

/**
 * The owner's sealed copies of plain fields the server must read (issue 39, attack 4: a server can
 * rewrite a plain field; it cannot make an envelope under a key it does not hold): plain field →
 * its copy, sealed (FIELD_CLASSES). The owner's device writes them (shared/sync/record.ts
 * addOwnerCopies); what acts on the plain field checks it against the copy with sameAddress
 * (shared/release/handover-links.ts, web/features/trustees/kits/kit-check.ts, MessageCard.tsx).
 */
export const OWNER_COPIES: Partial<Record<CollectionName, Readonly<Record<string, string>>>> = {
  messages: { recipientEmail: 'sealedRecipientEmail' },
  trustees: { email: 'sealedEmail' },
};
