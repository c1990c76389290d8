/** Wizard step 1 'Basic Information' (SPEC.md §2 "Profile-completion wizard", §5 "Wizard step 1"). */
import { FormField } from '../../ui/FormField';
import { Input, Textarea } from '../../ui/Input';
import type { BasicInfoForm } from './wizard-patches';

export interface WizardBasicInfoStepProps {
  form: BasicInfoForm;
  onChange: (patch: Partial<BasicInfoForm>) => void;
}

const today = () => new Date().toLocaleDateString('en-CA'); // YYYY-MM-DD in local time

export function WizardBasicInfoStep({ form, onChange }: WizardBasicInfoStepProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label="Contact Email" required hint="Where we can reach you about your plan." className="sm:col-span-2">
        <Input
          type="email"
          autoComplete="email"
          value={form.contactEmail}
          onChange={(e) => onChange({ contactEmail: e.target.value })}
        />
      </FormField>
      <FormField label="Birthdate" hint="Used for astrological insights." className="sm:col-span-2">
        <Input type="date" max={today()} min="1900-01-01" value={form.birthdate} onChange={(e) => onChange({ birthdate: e.target.value })} />
      </FormField>
      <FormField label="Emergency Contact Name">
        <Input autoComplete="off" value={form.emergencyName} onChange={(e) => onChange({ emergencyName: e.target.value })} />
      </FormField>
      <FormField label="Emergency Contact Phone">
        <Input type="tel" autoComplete="off" value={form.emergencyPhone} onChange={(e) => onChange({ emergencyPhone: e.target.value })} />
      </FormField>
      <FormField
        label="Important Health Information"
        hint="Allergies, conditions or medications your loved ones should know about."
        className="sm:col-span-2"
      >
        <Textarea rows={3} value={form.healthInfo} onChange={(e) => onChange({ healthInfo: e.target.value })} />
      </FormField>
    </div>
  );
}
