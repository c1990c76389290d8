/** Messages for loved ones (SPEC.md §3 "Message"; §5 "Create message"). zod/mini (./z.ts). */
import { blobIdSchema, fileRefSchema } from '../files/ref';
import { LIMITS, emailSchema, idSchema, liveShareIdsSchema, readerLanguageSchema, requiredText, timestampSchema } from './common';
import { z } from './z';

export const MESSAGE_TYPES = ['text', 'video', 'audio'] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES);

/**
 * How the letter's key reaches its recipient once trustee kits are in use, as the owner chose it
 * (web/features/message-vault/delivery-choice.ts): `server` (Afterword delivers it) or `trustee`
 * (the trustee first in `trustees` hands it over, the second is their backup). Sealed under the
 * owner's key (shared/crypto/fields.ts), so the owner's devices decide from it, never from the
 * server's list (issue 39 "No back door", attack 4). Null: no choice recorded (the default, or a
 * letter from before).
 */
export const deliveryChoiceSchema = z.object({
  mode: z.enum(['server', 'trustee']),
  trustees: z.array(idSchema).check(z.maxLength(2)),
});
export type DeliveryChoice = z.infer<typeof deliveryChoiceSchema>;

export const messageFieldsSchema = z.object({
  recipientName: requiredText(LIMITS.name),
  recipientEmail: emailSchema,
  /**
   * The owner's sealed copy of `recipientEmail` (issue 39, attack 4), under the message's own key:
   * written by the owner's device with every write of the address (shared/sync/record.ts
   * addOwnerCopies), so the trustee who hands the letter over checks the plain address the server
   * gives against it (shared/release/handover-links.ts). Null on a letter last addressed before.
   */
  sealedRecipientEmail: z.optional(z.nullable(emailSchema)),
  /** The language of the recipient's e-mails (common.ts readerLanguageSchema): null for the owner's. */
  recipientLanguage: readerLanguageSchema,
  messageType: messageTypeSchema,
  messageContent: requiredText(LIMITS.longText),
  deliveryDate: z.nullable(timestampSchema),
  /** The recording or attached file of a video or audio message (issue #17), else null. */
  file: z.nullable(fileRefSchema),
  /**
   * `file`'s blob id, plain (shared/crypto/fields.ts): `file` is sealed, and the server keeps a
   * blob while a live record names it (sync-server/records/file-refs.ts). Written with `file`.
   */
  fileBlobId: z._default(z.nullable(blobIdSchema), null),
  /**
   * Changes whenever what the recipient receives (type, text, file) is edited, plain: re-delivery
   * after an edit keys on it. A fresh random token per edit (issue 39: 128 bits, base64url,
   * shared/sync/record.ts), so the server learns that a letter changed, never how many times.
   * Records written before keep the count they had (an integer), which still compares.
   */
  contentRevision: z._default(
    z.union([z.number().check(z.int(), z.gte(0), z.lte(1_000_000_000)), z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/, 'Invalid revision'))]),
    0,
  ),
  /** Set by the server when the message is released (DESIGN.md §8); clients never write it. */
  delivered: z.boolean(),
  /** When a mail server accepted its delivery e-mail (DESIGN.md §8); server only, null before. */
  deliveredAt: z.nullable(timestampSchema),
  /** When the recipient first opened the delivered message's page; server only, null before. */
  openedAt: z.nullable(timestampSchema),
  createdAt: timestampSchema,
  /** The owner's sealed delivery choice (deliveryChoiceSchema above), null when none was recorded. */
  delivery: z._default(z.nullable(deliveryChoiceSchema), null),
  /** The live ids of this letter's shares (share now, by the owner's explicit choice: issue 43): owner-sealed, as a document's. */
  shares: liveShareIdsSchema,
});
export type MessageFields = z.infer<typeof messageFieldsSchema>;

export const messageSchema = z.extend(messageFieldsSchema, { id: z.string(), userId: z.string() });
export type Message = z.infer<typeof messageSchema>;

const editable = z.pick(messageFieldsSchema, {
  recipientName: true,
  recipientEmail: true,
  recipientLanguage: true,
  messageType: true,
  messageContent: true,
  deliveryDate: true,
});
/** `POST /api/messages` (SPEC.md §7). `userId` is accepted and ignored: the session says who. */
export const messageCreateSchema = z.strictObject({
  ...editable.shape,
  deliveryDate: z._default(z.nullable(timestampSchema), null),
  userId: z.optional(z.unknown()),
});
/** `PATCH /api/messages/{id}` (SPEC.md §7). */
export const messagePatchSchema = z.strictObject(z.partial(editable).shape);
