/**
 * Wizard step 2 'What matters most to you?' (SPEC.md §2, §3 "Selectable values", §5 "Wizard
 * step 2"): the six values as toggle cards (title and one-line description) and a beliefs field.
 */
import { Check } from 'lucide-react';
import { VALUE_IDS } from '../../../shared/schema';
import { useT } from '../../i18n/i18n';
import { cn } from '../../ui/cn';
import type { ReactNode } from 'react';
import { FormField } from '../../ui/FormField';
import { Textarea } from '../../ui/Input';
import { toggleValue, type ValuesForm } from './wizard-patches';

export interface WizardValuesStepProps {
  form: ValuesForm;
  onChange: (patch: Partial<ValuesForm>) => void;
  /** The note under a field changed on another device while the person edits it. */
  notice?: (field: keyof ValuesForm & string) => ReactNode;
}

export function WizardValuesStep({ form, onChange, notice }: WizardValuesStepProps) {
  const { t } = useT();
  return (
    <div className="flex flex-col gap-5">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('dashboard.wizard.valuesLegend')}</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {VALUE_IDS.map((id) => {
            const selected = form.values.includes(id);
            return (
              <button
                key={id}
                type="button"
                aria-pressed={selected}
                onClick={() => onChange({ values: toggleValue(form.values, id) })}
                className={cn(
                  'flex items-start gap-3 rounded-xl border p-4 text-start transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
                  selected ? 'border-accent-700 bg-accent-50 ring-1 ring-accent-700' : 'border-stone-300 bg-white hover:bg-stone-50',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border',
                    selected ? 'border-accent-700 bg-accent-700 text-white' : 'border-stone-400 bg-white',
                  )}
                >
                  {selected && <Check className="size-3.5" />}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{t(`dashboard.value.${id}`)}</span>
                  <span className="block text-sm text-slate-600">{t(`dashboard.value.${id}.description`)}</span>
                </span>
              </button>
            );
          })}
        </div>
      </fieldset>
      {notice?.('values')}
      <FormField
        label={t('dashboard.wizard.beliefs')}
        hint={t('dashboard.wizard.beliefsHint')}
        notice={notice?.('beliefs')}
      >
        <Textarea rows={3} value={form.beliefs} onChange={(e) => onChange({ beliefs: e.target.value })} />
      </FormField>
    </div>
  );
}
