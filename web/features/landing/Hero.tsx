/** The landing hero (SPEC.md §2): the promise, 'Create Your Free Account' and 'Learn More' (→ #how-it-works). */
import { ArrowRight } from 'lucide-react';
import { AppLink as Link } from '../../app/navigation';
import { useT } from '../../i18n/i18n';
import { buttonClasses } from '../../ui/button-classes';
import { HeroPreview } from './HeroPreview';

export function Hero() {
  const { t } = useT();
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden px-4 pt-12 pb-16 sm:px-6 sm:pt-20 sm:pb-24">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-56 right-[-14rem] size-[44rem] rounded-full bg-radial from-accent-100/70 to-transparent to-70%"
      />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 lg:grid-cols-[1.1fr_1fr]">
        <div>
          <p className="text-sm font-semibold tracking-wider text-accent-700 uppercase">{t('landing.hero.eyebrow')}</p>
          <h1
            id="hero-heading"
            className="mt-3 font-serif text-4xl leading-tight font-semibold tracking-tight text-slate-900 sm:text-5xl lg:text-6xl"
          >
            {t('landing.hero.title')}
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-700">
            {t('landing.hero.text')}
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses('default', 'lg')}>
              {t('landing.hero.create')}
              <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
            </Link>
            <a href="#how-it-works" className={buttonClasses('outline', 'lg')}>
              {t('landing.learnMore')}
            </a>
          </div>
          <p className="mt-4 text-sm text-slate-600">{t('landing.hero.note')}</p>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
