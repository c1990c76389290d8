/**
 * What the "Your privacy" page says the server sees, generated from the field table so the page
 * cannot drift from it (shared/crypto/fields.ts; SECURITY.md "Threat model"). Each plain field of
 * each collection has family words here (ids of the 'privacy' catalog, in five languages); the type below makes `npm run typecheck` fail, and
 * privacy-facts.test.ts fail, when fields.ts gains a plain field the page does not name.
 */
import { FIELD_CLASSES } from '../../../shared/crypto/fields';
import { COLLECTIONS, type CollectionName } from '../../../shared/schema/collection-names';
import type { MessageId } from '../../i18n/i18n';

type Table = typeof FIELD_CLASSES;
/** The plain fields of collection `C` (those the server reads). */
type PlainOf<C extends CollectionName> = { [F in keyof Table[C]]: Table[C][F] extends 'plain' ? F : never }[keyof Table[C]];

/**
 * Each collection's name on the page and the words for each of its plain fields, as message ids of
 * the 'privacy' catalog (issue 44: `privacy.area.<collection>`, `privacy.field.<collection>.<field>`;
 * an id no English catalog has fails the typecheck).
 */
export const PLAIN_FIELD_WORDS = {
  profile: {
    area: 'privacy.area.profile',
    fields: { email: 'privacy.field.profile.email', firstName: 'privacy.field.profile.firstName', emailName: 'privacy.field.profile.emailName' },
  },
  deathPlan: { area: 'privacy.area.deathPlan', fields: { createdAt: 'privacy.field.deathPlan.createdAt' } },
  messages: {
    area: 'privacy.area.messages',
    fields: {
      recipientEmail: 'privacy.field.messages.recipientEmail',
      recipientLanguage: 'privacy.field.messages.recipientLanguage',
      deliveryDate: 'privacy.field.messages.deliveryDate',
      delivered: 'privacy.field.messages.delivered',
      deliveredAt: 'privacy.field.messages.deliveredAt',
      openedAt: 'privacy.field.messages.openedAt',
      createdAt: 'privacy.field.messages.createdAt',
      contentRevision: 'privacy.field.messages.contentRevision',
      fileBlobId: 'privacy.field.messages.fileBlobId',
    },
  },
  documents: { area: 'privacy.area.documents', fields: { createdAt: 'privacy.field.documents.createdAt', fileBlobId: 'privacy.field.documents.fileBlobId' } },
  trustees: {
    area: 'privacy.area.trustees',
    fields: {
      email: 'privacy.field.trustees.email',
      language: 'privacy.field.trustees.language',
      accessLevel: 'privacy.field.trustees.accessLevel',
      createdAt: 'privacy.field.trustees.createdAt',
    },
  },
  survivorTasks: { area: 'privacy.area.survivorTasks', fields: { createdAt: 'privacy.field.survivorTasks.createdAt' } },
} as const satisfies { [C in CollectionName]: { area: MessageId; fields: Record<PlainOf<C>, MessageId> } };

/** The plain fields of `collection`, read from the field table (fields.ts). */
export function plainFieldsOf(collection: CollectionName): string[] {
  const table: Record<string, string> = FIELD_CLASSES[collection];
  return Object.keys(table).filter((f) => table[f] === 'plain');
}

/** One line of the page: a collection's area and the words for each plain field (message ids), in the table's order. */
export interface PlainLine {
  area: MessageId;
  seen: MessageId[];
}

/**
 * The page's "what the server sees" lines, one per collection, in the table's order. Throws when a
 * plain field has no words (the type above prevents it; this keeps a cast from hiding it).
 */
export function plainLines(): PlainLine[] {
  return COLLECTIONS.map((c) => {
    const { area, fields } = PLAIN_FIELD_WORDS[c];
    const words: Record<string, MessageId> = fields;
    const seen = plainFieldsOf(c).map((f) => {
      const w = words[f];
      if (!w) throw new Error(`The privacy page does not name the plain field ${c}.${f}`);
      return w;
    });
    return { area, seen };
  });
}
