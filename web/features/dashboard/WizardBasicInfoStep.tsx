/** Wizard step 1 'Basic Information' (SPEC.md §2 "Profile-completion wizard", §5 "Wizard step 1"). */
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { FormField } from '../../ui/FormField';
import { Input, Textarea } from '../../ui/Input';
import type { BasicInfoForm } from './wizard-patches';

export interface WizardBasicInfoStepProps {
  form: BasicInfoForm;
  onChange: (patch: Partial<BasicInfoForm>) => void;
  /** The note under a field changed on another device while the person edits it. */
  notice?: (field: keyof BasicInfoForm & string) => ReactNode;
}

const today = () => new Date().toLocaleDateString('en-CA'); // YYYY-MM-DD in local time

export function WizardBasicInfoStep({ form, onChange, notice }: WizardBasicInfoStepProps) {
  const { t } = useT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label={t('dashboard.wizard.contactEmail')}
        required
        hint={t('dashboard.wizard.contactEmailHint')}
        className="sm:col-span-2"
        notice={notice?.('contactEmail')}
      >
        <Input
          type="email"
          autoComplete="email"
          value={form.contactEmail}
          onChange={(e) => onChange({ contactEmail: e.target.value })}
        />
      </FormField>
      <FormField label={t('dashboard.wizard.birthdate')} hint={t('dashboard.wizard.birthdateHint')} className="sm:col-span-2" notice={notice?.('birthdate')}>
        <Input type="date" max={today()} min="1900-01-01" value={form.birthdate} onChange={(e) => onChange({ birthdate: e.target.value })} />
      </FormField>
      <FormField label={t('dashboard.wizard.emergencyName')}>
        <Input
          autoComplete="off"
          value={form.emergencyContact.name}
          onChange={(e) => onChange({ emergencyContact: { ...form.emergencyContact, name: e.target.value } })}
        />
      </FormField>
      <FormField label={t('dashboard.wizard.emergencyPhone')} notice={notice?.('emergencyContact')}>
        <Input
          type="tel"
          autoComplete="off"
          value={form.emergencyContact.phone}
          onChange={(e) => onChange({ emergencyContact: { ...form.emergencyContact, phone: e.target.value } })}
        />
      </FormField>
      <FormField
        label={t('dashboard.wizard.health')}
        hint={t('dashboard.wizard.healthHint')}
        className="sm:col-span-2"
        notice={notice?.('healthInfo')}
      >
        <Textarea rows={3} value={form.healthInfo} onChange={(e) => onChange({ healthInfo: e.target.value })} />
      </FormField>
    </div>
  );
}
