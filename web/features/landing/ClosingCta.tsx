/** The closing call to action (SPEC.md §2): 'Create Free Account' (→ /register) and Learn More (→ #features). */
import { AppLink as Link } from '../../app/navigation';
import { useT } from '../../i18n/i18n';
import { buttonClasses } from '../../ui/button-classes';

export function ClosingCta() {
  const { t } = useT();
  return (
    <section aria-labelledby="cta-heading" className="px-4 pb-20 sm:px-6">
      <div className="mx-auto max-w-4xl rounded-2xl bg-slate-800 px-6 py-12 text-center text-white sm:px-12">
        <h2 id="cta-heading" className="font-serif text-3xl font-semibold tracking-tight sm:text-4xl">
          {t('landing.cta.title')}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-slate-200">
          {t('landing.cta.text')}
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/register" className={buttonClasses('accent', 'lg')}>
            {t('landing.cta.create')}
          </Link>
          <a href="#features" className={buttonClasses('ghost', 'lg', 'border border-slate-400 text-white! hover:bg-slate-700!')}>
            {t('landing.learnMore')}
          </a>
        </div>
      </div>
    </section>
  );
}
