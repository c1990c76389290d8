/**
 * The 'Add Trustee' and 'Edit Trustee' dialogs (SPEC.md §2, §4 "Trustees": separate dialogs; edit
 * starts from the trustee). A useRecordForm (web/forms): edit follows the stored trustee live and
 * writes only the fields changed; add writes only the fields set. Give the edit dialog a `key` per
 * trustee. `onSave` runs the write with the screen's toasts and resolves true when it succeeded.
 */
import { useState } from 'react';
import { ACCESS_LEVELS, type AccessLevel } from '../../../shared/schema/trustee';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import type { Trustee } from '../../../shared/schema';
import { ChangedElsewhere } from '../../forms/ChangedElsewhere';
import { useRecordForm } from '../../forms/use-record-form';
import { RecordSelectField } from '../../ui/RecordSelectField';
import { ReaderLanguageField } from '../../ui/ReaderLanguageField';
import { formToTrustee, trusteeToForm, validateTrustee } from './trustee-form';
import { type MessageId, useT } from '../../i18n/i18n';
import { accessLevelId, useTrusteesMessages } from './messages';

/** The message id of what an access level covers. */
const accessAboutId = (level: AccessLevel): MessageId => `trustees.accessAbout.${level}`;

export interface TrusteeFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'add' | 'edit';
  /** The trustee edited (edit mode); absent for add. */
  trustee?: Trustee;
  /** Runs `write` (the local write) with toasts; resolves true when it succeeded. */
  onSave: (write: () => Promise<unknown>) => Promise<boolean>;
}

export function TrusteeFormDialog({ open, onOpenChange, mode, trustee, onSave }: TrusteeFormDialogProps) {
  useTrusteesMessages();
  const { t } = useT();
  const accessOptions = ACCESS_LEVELS.map((a) => ({ value: a, label: t(accessLevelId(a)), description: t(accessAboutId(a)) }));
  const rf = useRecordForm({
    collection: 'trustees',
    id: trustee?.id ?? null,
    initial: trustee ?? null,
    toForm: trusteeToForm,
    toRecord: formToTrustee,
    active: open,
  });
  const { values, set, errorOf } = rf;
  const [pending, setPending] = useState(false);
  const notice = (field: keyof typeof values) => <ChangedElsewhere record={rf} field={field} />;

  const submit = async () => {
    const found = validateTrustee(values);
    if (found) return rf.setErrors(found);
    setPending(true);
    await onSave(() => rf.save());
    setPending(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t(mode === 'add' ? 'trustees.addTitle' : 'trustees.editTitle')}
      description={t(mode === 'add' ? 'trustees.addDescription' : 'trustees.editDescription')}
      submitLabel={t(mode === 'add' ? 'trustees.submitAdd' : 'trustees.submitUpdate')}
      pending={pending}
      onSubmit={submit}
    >
      <FormField label={t('trustees.nameLabel')} required error={errorOf('name')} notice={notice('name')}>
        <Input maxLength={rf.maxLength('name')} value={values.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />
      </FormField>
      <FormField label={t('trustees.emailLabel')} required error={errorOf('email')} notice={notice('email')}>
        <Input type="email" maxLength={rf.maxLength('email')} value={values.email} onChange={(e) => set('email', e.target.value)} autoComplete="off" />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('trustees.phoneLabel')} notice={notice('phone')}>
          <Input type="tel" maxLength={rf.maxLength('phone')} value={values.phone} onChange={(e) => set('phone', e.target.value)} autoComplete="off" />
        </FormField>
        <FormField label={t('trustees.relationshipLabel')} notice={notice('relationship')}>
          <Input
            maxLength={rf.maxLength('relationship')} value={values.relationship}
            onChange={(e) => set('relationship', e.target.value)}
            placeholder={t('trustees.relationshipPlaceholder')}
            autoComplete="off"
          />
        </FormField>
      </div>
      <RecordSelectField record={rf} field="accessLevel" label={t('trustees.accessLabel')} options={accessOptions} placeholder={t('trustees.accessPlaceholder')} />
      <ReaderLanguageField record={rf} field="language" who="trustee" />
    </FormDialog>
  );
}
