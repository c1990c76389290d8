/** The top bar of public pages (SPEC.md §2 "Landing page"): product name, Login, Get Started. */
import { AppLink as Link } from './navigation';
import { buttonClasses } from '../ui/button-classes';
import { useT } from '../i18n/i18n';
import { Logo } from './Logo';

export function PublicTopBar() {
  const { t } = useT();
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200 bg-stone-50">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <Logo to="/" />
        <nav aria-label={t('topBar.account')} className="flex items-center gap-1 sm:gap-2">
          <Link to="/login" className={buttonClasses('ghost', 'md', 'px-3')}>
            {t('topBar.login')}
          </Link>
          <Link to="/register" className={buttonClasses('default', 'md', 'px-3 sm:px-4')}>
            {t('topBar.getStarted')}
          </Link>
        </nav>
      </div>
    </header>
  );
}
