/**
 * What the "Your privacy" page says the server sees, generated from the field table so the page
 * cannot drift from it (shared/crypto/fields.ts; SECURITY.md "Threat model"). Each plain field of
 * each collection has family words here; the type below makes `npm run typecheck` fail, and
 * privacy-facts.test.ts fail, when fields.ts gains a plain field the page does not name.
 */
import { FIELD_CLASSES } from '../../../shared/crypto/fields';
import { COLLECTIONS, type CollectionName } from '../../../shared/schema/collection-names';

type Table = typeof FIELD_CLASSES;
/** The plain fields of collection `C` (those the server reads). */
type PlainOf<C extends CollectionName> = { [F in keyof Table[C]]: Table[C][F] extends 'plain' ? F : never }[keyof Table[C]];

/** Each collection's name on the page and the words for each of its plain fields. */
export const PLAIN_FIELD_WORDS = {
  profile: {
    area: 'Your account',
    fields: {
      email: 'your e-mail address',
      firstName: 'your first name (e-mails to your trustees and recipients come from it)',
      emailName: 'the name e-mails to your trustees and recipients call you by: your full name, or your first name only if you choose that on your Profile page',
    },
  },
  deathPlan: { area: 'Your plan', fields: { createdAt: 'when you started it' } },
  messages: {
    area: 'Each message',
    fields: {
      recipientEmail: "the recipient's e-mail address",
      recipientLanguage: "the language of the recipient's e-mails, if you chose one",
      deliveryDate: 'its delivery date',
      delivered: 'whether it has been delivered',
      deliveredAt: 'when it was delivered',
      openedAt: 'when the recipient opened it',
      createdAt: 'when it was written',
      contentRevision: 'a random mark that changes when you change it (so a changed letter is sent again), not how often you changed it',
      fileBlobId: 'that it has a recording or file, which stored file that is, and that file’s size rounded up to a size step',
    },
  },
  documents: {
    area: 'Each document',
    fields: { createdAt: 'when it was added', fileBlobId: 'that it has a file, which stored file that is, and that file’s size rounded up to a size step' },
  },
  trustees: {
    area: 'Each trustee',
    fields: { email: 'their e-mail address', language: 'the language of their e-mails, if you chose one', accessLevel: 'their access level', createdAt: 'when you added them' },
  },
  survivorTasks: { area: 'Each survivor task', fields: { createdAt: 'when it was added' } },
} as const satisfies { [C in CollectionName]: { area: string; fields: Record<PlainOf<C>, string> } };

/** The plain fields of `collection`, read from the field table (fields.ts). */
export function plainFieldsOf(collection: CollectionName): string[] {
  const table: Record<string, string> = FIELD_CLASSES[collection];
  return Object.keys(table).filter((f) => table[f] === 'plain');
}

/** One line of the page: a collection's area and the words for each plain field, in the table's order. */
export interface PlainLine {
  area: string;
  seen: string[];
}

/**
 * The page's "what the server sees" lines, one per collection, in the table's order. Throws when a
 * plain field has no words (the type above prevents it; this keeps a cast from hiding it).
 */
export function plainLines(): PlainLine[] {
  return COLLECTIONS.map((c) => {
    const { area, fields } = PLAIN_FIELD_WORDS[c];
    const words: Record<string, string> = fields;
    const seen = plainFieldsOf(c).map((f) => {
      const w = words[f];
      if (!w) throw new Error(`The privacy page does not name the plain field ${c}.${f}`);
      return w;
    });
    return { area, seen };
  });
}
