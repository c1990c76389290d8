/**
 * The profile-completion wizard's rules as pure functions (SPEC.md §4 "Wizard", §5 "Wizard step
 * 1", "Wizard step 2", "Optional fields"): which step to show, what each step saves, and the
 * validation toasts (in the language shown: the 'dashboard' namespace, ./messages.ts). The wizard
 * component only wires these to its useRecordForm (web/forms).
 */
import type { EmergencyContact, Profile, ValueId } from '../../../shared/schema';
import { t } from '../../i18n/i18n';
import './wizard-messages';

export { completionAfter, firstIncompleteStep, type WizardStep } from './wizard-step';
import { completionAfter } from './wizard-step';

/** The form of step 1, as typed (strings; blanks allowed), keyed by the profile's field names. */
export interface BasicInfoForm {
  contactEmail: string;
  birthdate: string;
  emergencyContact: { name: string; phone: string };
  healthInfo: string;
}

/** The form of step 2. */
export interface ValuesForm {
  values: ValueId[];
  beliefs: string;
}

/** The result of checking a step: the patch to save, or the toast to show instead. */
export type StepCheck<P> = { ok: true; patch: P } | { ok: false; message: string };

const blankToNull = (text: string): string | null => (text.trim() === '' ? null : text.trim());

/**
 * Step 1's form pre-filled from the saved profile (SPEC.md §2 "The saved profile pre-fills the
 * wizard"). A contact e-mail never saved starts as the account's e-mail, given at sign-up a minute
 * before (issue 38 item 8); the form keeps whatever the person types over it (use-record-form.ts).
 */
export function basicInfoFromProfile(p: Partial<Profile> | null | undefined): BasicInfoForm {
  return {
    contactEmail: p?.contactEmail ?? p?.email ?? '',
    birthdate: p?.birthdate ?? '',
    emergencyContact: { name: p?.emergencyContact?.name ?? '', phone: p?.emergencyContact?.phone ?? '' },
    healthInfo: p?.healthInfo ?? '',
  };
}

/** Step 2's form pre-filled from the saved profile. */
export function valuesFromProfile(p: Partial<Profile> | null | undefined): ValuesForm {
  return { values: [...(p?.values ?? [])], beliefs: p?.beliefs ?? '' };
}

/**
 * Profile fields of (some of) step 1's form: texts trimmed; an empty birthdate, health info or
 * emergency contact (both parts blank) as null.
 */
export function basicInfoToRecord(form: Partial<BasicInfoForm>): Partial<Pick<Profile, 'contactEmail' | 'birthdate' | 'emergencyContact' | 'healthInfo'>> {
  const out: Partial<Pick<Profile, 'contactEmail' | 'birthdate' | 'emergencyContact' | 'healthInfo'>> = {};
  if (form.contactEmail !== undefined) out.contactEmail = form.contactEmail.trim();
  if (form.birthdate !== undefined) out.birthdate = blankToNull(form.birthdate);
  if (form.emergencyContact !== undefined) {
    const name = form.emergencyContact.name.trim();
    const phone = form.emergencyContact.phone.trim();
    out.emergencyContact = (name || phone ? { name, phone } : null) satisfies EmergencyContact | null;
  }
  if (form.healthInfo !== undefined) out.healthInfo = blankToNull(form.healthInfo);
  return out;
}

/**
 * Step 1: contactEmail must not be blank after trimming ('Please enter your contact email');
 * empty emergency contact, health info and birthdate are saved as null.
 */
export function checkBasicInfo(form: BasicInfoForm): StepCheck<
  Pick<Profile, 'contactEmail' | 'birthdate' | 'emergencyContact' | 'healthInfo' | 'profileCompletion'>
> {
  if (!form.contactEmail.trim()) return { ok: false, message: t('dashboard.wizard.missingEmail') };
  const fields = basicInfoToRecord(form) as Pick<Profile, 'contactEmail' | 'birthdate' | 'emergencyContact' | 'healthInfo'>;
  return { ok: true, patch: { ...fields, profileCompletion: completionAfter(1) } };
}

/**
 * What step 1's save writes besides the fields the person changed: its profileCompletion, and the
 * contact e-mail as shown, so one pre-filled from the account's e-mail and left as it was is saved
 * too (the form saves only changed fields). Call after checkBasicInfo passed.
 */
export function stepOneAlso(form: BasicInfoForm): Pick<Profile, 'contactEmail' | 'profileCompletion'> {
  return { contactEmail: form.contactEmail.trim(), profileCompletion: completionAfter(1) };
}

/** Profile fields of (some of) step 2's form: beliefs trimmed, empty → null. */
export function valuesToRecord(form: Partial<ValuesForm>): Partial<Pick<Profile, 'values' | 'beliefs'>> {
  const out: Partial<Pick<Profile, 'values' | 'beliefs'>> = {};
  if (form.values !== undefined) out.values = [...form.values];
  if (form.beliefs !== undefined) out.beliefs = blankToNull(form.beliefs);
  return out;
}

/** Step 2: at least one value ('Please select at least one value'); beliefs trimmed, empty → null. */
export function checkValues(form: ValuesForm): StepCheck<Pick<Profile, 'values' | 'beliefs' | 'profileCompletion'>> {
  if (form.values.length === 0) return { ok: false, message: t('dashboard.wizard.missingValue') };
  return { ok: true, patch: { values: [...form.values], beliefs: blankToNull(form.beliefs), profileCompletion: completionAfter(2) } };
}

/** Adds `id` to the chosen values, or removes it when already chosen (order of choosing kept). */
export function toggleValue(values: readonly ValueId[], id: ValueId): ValueId[] {
  return values.includes(id) ? values.filter((v) => v !== id) : [...values, id];
}
