/**
 * The dashboard's welcome banner (SPEC.md §2 "Dashboard"): 'Welcome, {first name}', the profile
 * completion percentage with a progress bar (max 100), and 'Continue Planning' to /death-plan.
 */
import { ArrowRight } from 'lucide-react';
import { formatNumber } from '../../../shared/intl-format';
import { Link } from 'react-router-dom';
import { useT } from '../../i18n/i18n';
import { buttonClasses } from '../../ui/button-classes';
import { Progress } from '../../ui/Progress';

export function WelcomeBanner({ firstName, profileCompletion }: { firstName: string; profileCompletion: number }) {
  const { t, language } = useT();
  return (
    <section className="rounded-2xl border border-stone-200 bg-gradient-to-br from-accent-50 to-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0 flex-1">
          <h1 className="font-serif text-3xl font-semibold tracking-tight text-slate-900">{t('dashboard.welcome', { firstName })}</h1>
          <p className="mt-1 text-slate-700">{t('dashboard.welcomeLine')}</p>
          <div className="mt-4 max-w-md">
            <div className="mb-1.5 flex items-center justify-between text-sm">
              <span className="font-medium text-slate-800">{t('dashboard.completion')}</span>
              <span className="font-semibold text-slate-900" data-testid="profile-completion">
                {formatNumber(profileCompletion / 100, language, { style: 'percent' })}
              </span>
            </div>
            <Progress value={profileCompletion} max={100} label={t('dashboard.completion')} />
          </div>
        </div>
        <Link to="/death-plan" className={buttonClasses('accent', 'lg', 'self-start lg:self-auto')}>
          {t('dashboard.continuePlanning')}
          <ArrowRight aria-hidden="true" className="rtl:-scale-x-100" />
        </Link>
      </div>
    </section>
  );
}
