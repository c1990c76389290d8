/** The wizard's progress line: four numbered steps, the current one marked for screen readers. */
import { Check } from 'lucide-react';
import { type MessageId, useT } from '../../i18n/i18n';
import { cn } from '../../ui/cn';
import type { WizardStep } from './wizard-patches';

/** A step's title ('Basic Information', …; SPEC.md §2 "Profile-completion wizard"). */
export const wizardStepTitle = (step: WizardStep): MessageId => `dashboard.wizard.step${step}`;

export function WizardStepper({ step }: { step: WizardStep }) {
  const { t } = useT();
  return (
    <ol className="flex items-center gap-2" aria-label={t('dashboard.wizard.steps')}>
      {([1, 2, 3, 4] as const).map((n) => {
        const done = n < step;
        const current = n === step;
        const title = t(wizardStepTitle(n));
        return (
          <li key={n} className="flex flex-1 items-center gap-2" aria-current={current ? 'step' : undefined}>
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-semibold',
                done && 'bg-slate-700 text-white',
                current && 'bg-accent-700 text-white',
                !done && !current && 'bg-stone-200 text-slate-700',
              )}
            >
              {done ? <Check className="size-4" aria-hidden="true" /> : n}
              <span className="sr-only">
                {` ${done ? t('dashboard.wizard.stepDone', { title }) : current ? t('dashboard.wizard.stepCurrent', { title }) : title}`}
              </span>
            </span>
            <span aria-hidden="true" className={cn('hidden text-sm sm:inline', current ? 'font-semibold text-slate-900' : 'text-slate-600')}>
              {t(`dashboard.wizard.short${n}`)}
            </span>
            {n < 4 && <span aria-hidden="true" className="h-px flex-1 bg-stone-300" />}
          </li>
        );
      })}
    </ol>
  );
}
