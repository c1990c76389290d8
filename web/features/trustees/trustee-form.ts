/**
 * The trustee form (SPEC.md §3 "Trustee", §5 "Add or edit trustee"): name, email and access level
 * are required; phone and relationship are optional (stored as null when empty).
 */
import type { Trustee } from '../../../shared/schema';
import { emailSchema } from '../../../shared/schema/common';
import type { AccessLevel } from '../../../shared/schema/trustee';
import { type FieldErrors, validateForm } from '../../ui/record-actions';
import { type ReaderLanguageValue, SAME_AS_OWNER, readerLanguageToForm, readerLanguageToRecord } from '../../ui/ReaderLanguageField';

export interface TrusteeFormValues {
  name: string;
  email: string;
  phone: string;
  relationship: string;
  accessLevel: AccessLevel | '';
  /** The language of the trustee's e-mails (issue 44): SAME_AS_OWNER (stored null) or a language. */
  language: ReaderLanguageValue;
}

export const EMPTY_TRUSTEE: TrusteeFormValues = { name: '', email: '', phone: '', relationship: '', accessLevel: '', language: SAME_AS_OWNER };

/** The form's values for editing `t` (the empty form for null). */
export function trusteeToForm(t: Trustee | null): TrusteeFormValues {
  if (!t) return { ...EMPTY_TRUSTEE };
  return { name: t.name, email: t.email, phone: t.phone ?? '', relationship: t.relationship ?? '', accessLevel: t.accessLevel, language: readerLanguageToForm(t.language) };
}

/** The record fields of (some of) `values`: texts trimmed, an empty phone or relationship as null. */
export function formToTrustee(values: Partial<TrusteeFormValues>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (values.name !== undefined) out.name = values.name.trim();
  if (values.email !== undefined) out.email = values.email.trim();
  if (values.phone !== undefined) out.phone = values.phone.trim() || null;
  if (values.relationship !== undefined) out.relationship = values.relationship.trim() || null;
  if (values.accessLevel !== undefined) out.accessLevel = (values.accessLevel as AccessLevel | '') || null;
  if (values.language !== undefined) out.language = readerLanguageToRecord(values.language);
  return out;
}

/** The field errors of `values` (with the 'Missing information' toast when one is blank), or null when valid. */
export function validateTrustee(values: TrusteeFormValues): FieldErrors<keyof TrusteeFormValues> | null {
  return validateForm(values, ['name', 'email', 'accessLevel'], { email: emailSchema });
}
