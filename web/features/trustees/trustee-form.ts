/**
 * The trustee form (SPEC.md §3 "Trustee", §5 "Add or edit trustee"): name, email and access level
 * are required; phone and relationship are optional (stored as null when empty).
 */
import type { Trustee } from '../../../shared/schema';
import { emailSchema } from '../../../shared/schema/common';
import type { AccessLevel } from '../../../shared/schema/trustee';
import { type FieldErrors, validateForm } from '../../ui/record-actions';

export interface TrusteeFormValues {
  name: string;
  email: string;
  phone: string;
  relationship: string;
  accessLevel: AccessLevel | '';
}

export const EMPTY_TRUSTEE: TrusteeFormValues = { name: '', email: '', phone: '', relationship: '', accessLevel: '' };

export function trusteeToForm(t: Trustee): TrusteeFormValues {
  return { name: t.name, email: t.email, phone: t.phone ?? '', relationship: t.relationship ?? '', accessLevel: t.accessLevel };
}

/** The record fields of valid `values` (what create/save write). */
export function formToTrustee(values: TrusteeFormValues) {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim() || null,
    relationship: values.relationship.trim() || null,
    accessLevel: values.accessLevel as AccessLevel,
  };
}

/** The field errors of `values` (with the 'Missing information' toast when one is blank), or null when valid. */
export function validateTrustee(values: TrusteeFormValues): FieldErrors<keyof TrusteeFormValues> | null {
  return validateForm(values, ['name', 'email', 'accessLevel'], { email: emailSchema });
}
