/** The wizard's progress line: four numbered steps, the current one marked for screen readers. */
import { Check } from 'lucide-react';
import { cn } from '../../ui/cn';
import type { WizardStep } from './wizard-patches';

export const WIZARD_STEP_TITLES: Record<WizardStep, string> = {
  1: 'Basic Information',
  2: 'What matters most to you?',
  3: 'Your Final Wishes',
  4: 'Profile Completed!',
};

const SHORT_TITLES: Record<WizardStep, string> = { 1: 'Basics', 2: 'Values', 3: 'Wishes', 4: 'Done' };

export function WizardStepper({ step }: { step: WizardStep }) {
  return (
    <ol className="flex items-center gap-2" aria-label="Profile setup steps">
      {([1, 2, 3, 4] as const).map((n) => {
        const done = n < step;
        const current = n === step;
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
                {` ${WIZARD_STEP_TITLES[n]}${done ? ' (done)' : current ? ' (current)' : ''}`}
              </span>
            </span>
            <span aria-hidden="true" className={cn('hidden text-sm sm:inline', current ? 'font-semibold text-slate-900' : 'text-slate-600')}>
              {SHORT_TITLES[n]}
            </span>
            {n < 4 && <span aria-hidden="true" className="h-px flex-1 bg-stone-300" />}
          </li>
        );
      })}
    </ol>
  );
}
