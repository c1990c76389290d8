/**
 * The language Afterword writes a trustee's or a recipient's e-mails in (issue 44), chosen by the
 * owner in the trustee and message forms: "Same as yours" (the account's language, stored as null)
 * or one of shared/languages.ts, each named in itself. A record form's field (web/forms): another
 * device's change shows as a ChangedElsewhere note. The stored value is plain (SECURITY.md
 * "What stays plain"): the server writes their e-mails in it.
 */
import type { FieldValues } from 'react-hook-form';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '../../shared/languages';
import { useT } from '../i18n/i18n';
import { useSignedInMessages } from './signed-in-messages';
import { ChangedElsewhere } from '../forms/ChangedElsewhere';
import type { RecordForm } from '../forms/use-record-form';
import { FormField } from './FormField';
import { Select } from './Select';

/** The form value of "Same as yours" (a Select value cannot be empty); stored as null. */
export const SAME_AS_OWNER = 'owner';
/** A reader-language form value: SAME_AS_OWNER or a language code. */
export type ReaderLanguageValue = Language | typeof SAME_AS_OWNER;

/** The choices: "Same as yours" in the person's language (`same`), then each language named in itself. */
const optionsWith = (same: string) => [{ value: SAME_AS_OWNER, label: same }, ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))];

/** The form value of a stored language (null or absent: SAME_AS_OWNER). */
export const readerLanguageToForm = (stored: string | null | undefined): ReaderLanguageValue =>
  (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : SAME_AS_OWNER;

/** The stored language of a form value (SAME_AS_OWNER: null). */
export const readerLanguageToRecord = (value: ReaderLanguageValue): Language | null => (value === SAME_AS_OWNER ? null : value);

export interface ReaderLanguageFieldProps<V extends FieldValues> {
  record: RecordForm<V, unknown>;
  /** The form field (its value a ReaderLanguageValue). */
  field: keyof V & string;
  /** Whose e-mails: 'trustee' or 'recipient' (the hint names them). */
  who: 'trustee' | 'recipient';
}

export function ReaderLanguageField<V extends FieldValues>({ record, field, who }: ReaderLanguageFieldProps<V>) {
  useSignedInMessages();
  const { t } = useT();
  const options = optionsWith(t('readerLanguage.same'));
  const labelOf = (v: unknown) => options.find((o) => o.value === v)?.label ?? options[0]!.label;
  return (
    <FormField
      label={t('readerLanguage.label')}
      hint={t(who === 'trustee' ? 'readerLanguage.hintTrustee' : 'readerLanguage.hintRecipient')}
      notice={<ChangedElsewhere record={record} field={field} display={labelOf} />}
    >
      <Select options={options} value={record.values[field] as string} onValueChange={(v) => record.set(field, v as V[typeof field])} />
    </FormField>
  );
}
