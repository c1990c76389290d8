/**
 * The frame of signed-in screens (SPEC.md §2 "Layout"): header (logo, notification bell, sync
 * status, user menu), a sidebar from 768px up, a mobile menu below, the page, the footer; and the
 * question before leaving a screen with unsaved typing (web/forms/unsaved-changes.tsx).
 */
import { Suspense } from 'react';
import { useT } from '../i18n/i18n';
import { useSignedInMessages } from '../ui/signed-in-messages';
import { NotificationsMenu } from '../features/notifications/NotificationsMenu';
import { Outlet } from 'react-router-dom';
import { ReleaseBanner } from '../features/release/ReleaseBanner';
import { UnsavedChangesGuard } from '../forms/unsaved-changes';
import { SyncStatus } from '../sync/SyncStatus';
import { reopenReauth } from '../pwa/reauth-prompt';
import { Spinner } from '../ui/Spinner';
import { Logo } from './Logo';
import { MobileNav } from './MobileNav';
import { NavLinks } from './NavLinks';
import { SiteFooter } from './SiteFooter';
import { SkipLink } from './SkipLink';
import { UserMenu } from './UserMenu';

export default function AppLayout() {
  useSignedInMessages();
  const { t } = useT();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-30 border-b border-stone-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
          <MobileNav />
          <Logo to="/dashboard" />
          <div className="ms-auto flex items-center gap-1 sm:gap-2">
            <SyncStatus onSignIn={reopenReauth} />
            <NotificationsMenu />
            <UserMenu />
          </div>
        </div>
      </header>
      <ReleaseBanner />
      <div className="mx-auto flex w-full max-w-7xl flex-1">
        <aside className="hidden w-60 shrink-0 border-e border-stone-200 px-3 py-6 md:block">
          <nav aria-label={t('nav.main')} className="sticky top-22">
            <NavLinks />
          </nav>
        </aside>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-8">
          <Suspense fallback={<Spinner label={t('shell.loading')} showLabel />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <SiteFooter wide />
      <UnsavedChangesGuard />
    </div>
  );
}
