/** How it works (id "how-it-works", SPEC.md §2): Create Your Plan, Designate Trustees, Live with Peace of Mind. */
import { useT } from '../../i18n/i18n';
import { Section } from './Section';

/** Each step's id in the 'landing' catalog: its title `landing.how.<step>`, its text `….<step>Text`. */
const STEPS = ['create', 'trustees', 'peace'] as const;

export function HowItWorks() {
  const { t } = useT();
  return (
    <Section
      id="how-it-works"
      eyebrow={t('landing.how.eyebrow')}
      title={t('landing.how.title')}
      className="border-y border-stone-200 bg-white"
    >
      <ol className="grid gap-8 md:grid-cols-3">
        {STEPS.map((s, i) => (
          <li key={s} className="relative rounded-xl border border-stone-200 bg-stone-50 p-6">
            <span className="flex size-10 items-center justify-center rounded-full bg-accent-100 font-serif text-lg font-semibold text-accent-800">
              {i + 1}
            </span>
            <h3 className="mt-4 font-serif text-xl font-semibold text-slate-900">{t(`landing.how.${s}`)}</h3>
            <p className="mt-2 text-slate-700">{t(`landing.how.${s}Text`)}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
