/**
 * A required choice of a record form (web/forms/use-record-form.ts): the labelled Select, its error,
 * and, when another device changed it while the person edits it, the ChangedElsewhere note naming
 * their choice by its label. Used by the document and trustee dialogs (type, access level).
 *
 * @example
 * <RecordSelectField record={rf} field="accessLevel" label="Access Level" options={accessOptions} placeholder="Select an access level" />
 */
import type { FieldValues } from 'react-hook-form';
import { ChangedElsewhere } from '../forms/ChangedElsewhere';
import type { RecordForm } from '../forms/use-record-form';
import { FormField } from './FormField';
import { Select, type SelectOption } from './Select';

export interface RecordSelectFieldProps<V extends FieldValues> {
  record: RecordForm<V, unknown>;
  /** The form field chosen (its value is one of `options`' values, or '' when none yet). */
  field: keyof V & string;
  label: string;
  options: readonly SelectOption[];
  placeholder: string;
}

export function RecordSelectField<V extends FieldValues>({ record, field, label, options, placeholder }: RecordSelectFieldProps<V>) {
  const labelOf = (v: unknown) => options.find((o) => o.value === v)?.label ?? '(empty)';
  return (
    <FormField label={label} required error={record.errorOf(field)} notice={<ChangedElsewhere record={record} field={field} display={labelOf} />}>
      <Select
        options={options}
        value={record.values[field] as string}
        onValueChange={(v) => record.set(field, v as V[typeof field])}
        placeholder={placeholder}
      />
    </FormField>
  );
}
