/**
 * The words of a form rule a field broke (issue 44; docs/i18n.md): the sign-in, sign-up,
 * forgotten-password and reset pages show the first message of shared/schema/auth.ts's rules under
 * a field, and those messages are English (the server answers with the same rules: its
 * `{ error, issues }` keeps them). Here each is said in the page's language from the catalog
 * namespace `field-rules`, whose English is the rules' messages word for word
 * (field-rule-words.test.ts runs the rules and finds every message they give). A message the
 * catalog does not know (a newer rule) shows as it is. The pages call `useFieldRuleMessages()` first.
 */
import { type Messages, setupI18n } from '@lingui/core';
import en from '../i18n/catalogs/en/field-rules.json';
import { type MessageId, namespace, t } from '../i18n/i18n';

export const useFieldRuleMessages = namespace('field-rules', en, import.meta.glob(['../i18n/catalogs/*/field-rules.json', '!../i18n/catalogs/en/*'], { import: 'messages' }));

/** zod's wording for a string over its bound (shared/schema/auth.ts tooLong). */
const TOO_LONG = /^Too big: expected string to have <=(\d+) characters$/;

/** The catalog's id of each English message (the rules' words), read through Lingui: the build compiles the catalog's messages. */
const english = setupI18n({ locale: 'en', messages: { en: en as unknown as Messages } });
const ID_OF = new Map(Object.keys(en).map((id) => [english._(id), id as MessageId]));

/** The catalog's id of a rule's English `message`, or undefined for one it does not know (zod's bound of a long field is `fieldRules.tooLong`). */
export const fieldRuleId = (message: string): MessageId | undefined => ID_OF.get(message) ?? (TOO_LONG.test(message) ? 'fieldRules.tooLong' : undefined);

/** `message` (a rule's English, or undefined for no error) in the page's language. */
export function fieldRuleText(message: string | undefined): string | undefined {
  if (message === undefined) return undefined;
  const id = ID_OF.get(message);
  if (id) return t(id);
  const long = TOO_LONG.exec(message);
  return long ? t('fieldRules.tooLong', { max: long[1]! }) : message;
}
