/**
 * The two worlds of the app (issue #20): a signed-out visitor on a public page gets PublicApp (no
 * router, hydrated over the prerendered markup); anything else — a session that may exist
 * ('Loading...' first), a signed-in person, any other path — gets the full router (FullApp, a
 * lazy chunk). The switch goes one way: once in the full app, the app stays there. Both speak the
 * person's language through Lingui's provider (issue 44).
 */
import { I18nProvider } from '@lingui/react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { i18n } from '../i18n/i18n';
import { FullPageLoading } from './FullPageLoading';
import PublicApp, { isPublicPath } from './PublicApp';
import { useSession } from './session';

const FullApp = lazy(() => import('./FullApp'));

/** True when the app starts in the public world for this path and session state. */
export function startsPublic(pathname: string): boolean {
  return useSession.getState().status === 'signed-out' && isPublicPath(pathname);
}

export function App() {
  const signedOut = useSession((s) => s.status === 'signed-out');
  const [full, setFull] = useState(() => !startsPublic(location.pathname));
  if (!signedOut && !full) setFull(true);
  const leave = useCallback(() => setFull(true), []);
  // The person's words (issue 44, web/i18n/i18n.ts): what reads them (useT, <T>) re-renders when the language changes.
  return (
    <I18nProvider i18n={i18n}>
      {full ? (
        <Suspense fallback={<FullPageLoading />}>
          <FullApp />
        </Suspense>
      ) : (
        <PublicApp onLeave={leave} />
      )}
    </I18nProvider>
  );
}
