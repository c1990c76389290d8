/**
 * The 'Add Trustee' and 'Edit Trustee' dialogs (SPEC.md §2, §4 "Trustees": separate dialogs; edit
 * starts from the trustee). `initial` is read on mount: give the edit dialog a `key` per trustee.
 * `onSave` resolves true when the write succeeded; the form then resets.
 */
import { useState } from 'react';
import { ACCESS_LEVELS, type AccessLevel } from '../../../shared/schema/trustee';
import { ACCESS_LEVEL_LABELS } from '../../../shared/labels';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { useFormValues } from '../../ui/record-form';
import { Select } from '../../ui/Select';
import { EMPTY_TRUSTEE, formToTrustee, type TrusteeFormValues, validateTrustee } from './trustee-form';

const ACCESS_DESCRIPTIONS: Record<AccessLevel, string> = {
  full: 'Your plan, documents, survivor tasks and the list of messages',
  'documents-only': 'Your legal documents',
  'messages-only': 'The list of messages and their delivery',
};
const accessOptions = ACCESS_LEVELS.map((a) => ({ value: a, label: ACCESS_LEVEL_LABELS[a], description: ACCESS_DESCRIPTIONS[a] }));

export interface TrusteeFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'add' | 'edit';
  initial?: TrusteeFormValues;
  onSave: (fields: ReturnType<typeof formToTrustee>) => Promise<boolean>;
}

export function TrusteeFormDialog({ open, onOpenChange, mode, initial, onSave }: TrusteeFormDialogProps) {
  const { values, errors, set, setErrors, reset } = useFormValues(initial ?? EMPTY_TRUSTEE);
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const found = validateTrustee(values);
    if (found) return setErrors(found);
    setPending(true);
    const ok = await onSave(formToTrustee(values));
    setPending(false);
    if (ok) reset(EMPTY_TRUSTEE);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode === 'add' ? 'Add Trustee' : 'Edit Trustee'}
      description={
        mode === 'add'
          ? 'Someone you trust to report your passing and look after what you leave.'
          : 'Update this trustee’s details or access level.'
      }
      submitLabel={mode === 'add' ? 'Add Trustee' : 'Update Trustee'}
      pending={pending}
      onSubmit={submit}
    >
      <FormField label="Name" required error={errors.name}>
        <Input value={values.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />
      </FormField>
      <FormField label="Email" required error={errors.email}>
        <Input type="email" value={values.email} onChange={(e) => set('email', e.target.value)} autoComplete="off" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Phone (optional)">
          <Input type="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} autoComplete="off" />
        </FormField>
        <FormField label="Relationship (optional)">
          <Input
            value={values.relationship}
            onChange={(e) => set('relationship', e.target.value)}
            placeholder="e.g. Sister, Friend, Lawyer"
            autoComplete="off"
          />
        </FormField>
      </div>
      <FormField label="Access Level" required error={errors.accessLevel}>
        <Select
          options={accessOptions}
          value={values.accessLevel}
          onValueChange={(v) => set('accessLevel', v as AccessLevel)}
          placeholder="Select an access level"
        />
      </FormField>
    </FormDialog>
  );
}
