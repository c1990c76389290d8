/**
 * The three-step strip under the hero (SPEC.md §2): Plan, Communicate, Support. Below a phone's
 * first screen, so it is laid out once it nears the viewport (content-visibility, as Section).
 */
import { ClipboardList, HandHeart, MessageSquareHeart } from 'lucide-react';
import { useT } from '../../i18n/i18n';

/** Each step's icon and id in the 'landing' catalog: its title `landing.steps.<step>`, its text `….<step>Text`. */
const STEPS = [
  { icon: ClipboardList, step: 'plan' },
  { icon: MessageSquareHeart, step: 'communicate' },
  { icon: HandHeart, step: 'support' },
] as const;

export function StepStrip() {
  const { t } = useT();
  return (
    <section aria-label={t('landing.steps.label')} className="border-y border-stone-200 bg-white px-4 py-10 [contain-intrinsic-size:auto_400px] [content-visibility:auto] sm:px-6">
      <ol className="mx-auto grid max-w-6xl gap-8 sm:grid-cols-3">
        {STEPS.map(({ icon: Icon, step }) => (
          <li key={step} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-slate-800 text-white">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div>
              <h2 className="font-serif text-xl font-semibold text-slate-900">{t(`landing.steps.${step}`)}</h2>
              <p className="mt-1 text-slate-600">{t(`landing.steps.${step}Text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
