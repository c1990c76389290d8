/**
 * The frame of public pages other than the landing page: top bar, page (`children`), footer.
 * No react-router here: the signed-out public pages render it without the router (PublicApp.tsx).
 */
import { type ReactNode, Suspense } from 'react';
import { useT } from '../i18n/i18n';
import { Spinner } from '../ui/Spinner';
import { PublicTopBar } from './PublicTopBar';
import { SiteFooter } from './SiteFooter';
import { SkipLink } from './SkipLink';

export default function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PublicTopBar />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-12">
        <Suspense fallback={<Spinner label={t('shell.loading')} showLabel />}>
          {children}
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
