/**
 * What the person tells the obituary helper (plan-ai.ts ObituaryDetails): every field optional,
 * and what is left empty is left out of the draft; the age comes from the profile's birthdate, or
 * the person is told how to include it. Nothing is filled in for them (issue "Promises kept": the
 * demo's placeholders wrote "65" and "a Professional" into a real person's obituary). The details
 * are fields of the plan (shared/schema/death-plan.ts), saved with Save Changes like the rest.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormField } from '../../ui/FormField';
import { Input, Textarea } from '../../ui/Input';
import type { ObituaryDetails } from './plan-ai';
import { type MessageId, useT } from '../../i18n/i18n';
import { T } from '../../i18n/T';
import { usePlanMessages } from './messages';

const FIELDS: { key: keyof ObituaryDetails; label: MessageId; rows?: number }[] = [
  { key: 'hometown', label: 'plan.details.hometown' },
  { key: 'occupation', label: 'plan.details.occupation' },
  { key: 'achievements', label: 'plan.details.achievements', rows: 2 },
  { key: 'familyMembers', label: 'plan.details.familyMembers', rows: 2 },
  { key: 'personalQualities', label: 'plan.details.personalQualities', rows: 2 },
];

export interface ObituaryDetailsFieldsProps {
  details: ObituaryDetails;
  /** Called with the field the person changed and its new text. */
  onChange: (field: keyof ObituaryDetails, text: string) => void;
  /** The profile's age, or null without a birthdate. */
  age: number | null;
  /** The most characters each field takes (the plan schema's, as the server bounds them). */
  maxLength: (field: keyof ObituaryDetails) => number | undefined;
  /** What to show under a field another device changed while the person edits it. */
  notice?: (field: keyof ObituaryDetails) => ReactNode;
}

export function ObituaryDetailsFields({ details, onChange, age, maxLength, notice }: ObituaryDetailsFieldsProps) {
  usePlanMessages();
  const { t } = useT();
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
      <legend className="px-1 font-medium text-slate-900">{t('plan.details.legend')}</legend>
      <p className="text-sm text-slate-700">
        {age === null ? <T id="plan.details.introNoAge" components={{ 0: <Link to="/profile" /> }} /> : t('plan.details.introAge', { age })}
      </p>
      {FIELDS.map(({ key, label, rows }) => (
        <FormField key={key} label={t('plan.details.optional', { label: t(label) })} notice={notice?.(key)}>
          {rows ? (
            <Textarea rows={rows} maxLength={maxLength(key)} value={details[key]} onChange={(e) => onChange(key, e.target.value)} />
          ) : (
            <Input maxLength={maxLength(key)} value={details[key]} onChange={(e) => onChange(key, e.target.value)} />
          )}
        </FormField>
      ))}
    </fieldset>
  );
}
