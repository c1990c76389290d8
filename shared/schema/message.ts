/** Messages for loved ones (SPEC.md §3 "Message"; §5 "Create message"). */
import { z } from 'zod';
import { fileRefSchema } from '../files/ref';
import { LIMITS, emailSchema, requiredText, timestampSchema } from './common';

export const MESSAGE_TYPES = ['text', 'video', 'audio'] as const;
export const messageTypeSchema = z.enum(MESSAGE_TYPES);

export const messageFieldsSchema = z.object({
  recipientName: requiredText(LIMITS.name),
  recipientEmail: emailSchema,
  messageType: messageTypeSchema,
  messageContent: requiredText(LIMITS.longText),
  deliveryDate: timestampSchema.nullable(),
  /** The recording or attached file of a video or audio message (issue #17), else null. */
  file: fileRefSchema.nullable(),
  /** Set by the server when the message is released (DESIGN.md §8); clients never write it. */
  delivered: z.boolean(),
  createdAt: timestampSchema,
});
export type MessageFields = z.infer<typeof messageFieldsSchema>;

export const messageSchema = messageFieldsSchema.extend({ id: z.string(), userId: z.string() });
export type Message = z.infer<typeof messageSchema>;

const editable = messageFieldsSchema.pick({
  recipientName: true,
  recipientEmail: true,
  messageType: true,
  messageContent: true,
  deliveryDate: true,
});
/** `POST /api/messages` (SPEC.md §7). `userId` is accepted and ignored: the session says who. */
export const messageCreateSchema = editable
  .extend({ deliveryDate: timestampSchema.nullable().default(null), userId: z.unknown().optional() })
  .strict();
/** `PATCH /api/messages/{id}` (SPEC.md §7). */
export const messagePatchSchema = editable.partial().strict();
