/**
 * The message form's values and how they become a record (SPEC.md §3 "Message", §5 "Create
 * message"): recipient name, email and body are required; the delivery date is optional and
 * stored as an ISO string or null.
 */
import type { Message } from '../../../shared/schema';
import { emailSchema } from '../../../shared/schema/common';
import type { MESSAGE_TYPES } from '../../../shared/schema/message';
import { type FieldErrors, validateForm } from '../../ui/record-actions';
import { deliveryDay, localDayIso } from '../../../shared/delivery-rule';
import type { MessageId } from '../../i18n/i18n';
import { type ReaderLanguageValue, SAME_AS_OWNER, readerLanguageToForm, readerLanguageToRecord } from '../../ui/ReaderLanguageField';

export type MessageType = (typeof MESSAGE_TYPES)[number];

/** The message id of a message type's label ('Text', 'Video', 'Audio'). */
export const messageTypeId = (type: MessageType): MessageId => `messages.type.${type}`;

export interface MessageFormValues {
  recipientName: string;
  recipientEmail: string;
  /** The language of the recipient's e-mails (issue 44): SAME_AS_OWNER (stored null) or a language. */
  recipientLanguage: ReaderLanguageValue;
  messageType: MessageType;
  messageContent: string;
  deliveryDate: Date | null;
}

export const EMPTY_MESSAGE: MessageFormValues = {
  recipientName: '',
  recipientEmail: '',
  recipientLanguage: SAME_AS_OWNER,
  messageType: 'text',
  messageContent: '',
  deliveryDate: null,
};

/** The form's values for editing `message` (the empty form for null). */
export function messageToForm(message: Message | null): MessageFormValues {
  if (!message) return { ...EMPTY_MESSAGE };
  return {
    recipientName: message.recipientName,
    recipientEmail: message.recipientEmail,
    recipientLanguage: readerLanguageToForm(message.recipientLanguage),
    messageType: message.messageType,
    messageContent: message.messageContent,
    deliveryDate: message.deliveryDate ? chosenDay(message.deliveryDate) : null,
  };
}

/** The day a stored delivery date names, as this device's local midnight (a day chosen in another zone stays that day). */
function chosenDay(iso: string): Date {
  const day = deliveryDay(iso);
  if (day === iso) return new Date(iso);
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d);
}

/** The record fields of (some of) `values`: names trimmed, the date as the chosen day's local midnight with its offset (shared/delivery-rule.ts) or null. */
export function formToMessage(values: Partial<MessageFormValues>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  if (values.recipientName !== undefined) out.recipientName = values.recipientName.trim();
  if (values.recipientEmail !== undefined) out.recipientEmail = values.recipientEmail.trim();
  if (values.recipientLanguage !== undefined) out.recipientLanguage = readerLanguageToRecord(values.recipientLanguage);
  if ('deliveryDate' in values) out.deliveryDate = values.deliveryDate ? localDayIso(values.deliveryDate) : null;
  return out;
}

/** The field errors of `values` (with the 'Missing information' toast when one is blank), or null when valid. */
export function validateMessage(values: MessageFormValues): FieldErrors<keyof MessageFormValues> | null {
  return validateForm(values, ['recipientName', 'recipientEmail', 'messageContent'], { recipientEmail: emailSchema });
}
