/**
 * The two worlds of the app (issue #20): a signed-out visitor on a public page gets PublicApp (no
 * router, hydrated over the prerendered markup); anything else — a session that may exist
 * ('Loading...' first), a signed-in person, any other path — gets the full router (FullApp, a
 * lazy chunk). The switch goes one way: once in the full app, the app stays there.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
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
  if (!full)
    return <PublicApp onLeave={leave} />;
  return (
    <Suspense fallback={<FullPageLoading />}>
      <FullApp />
    </Suspense>
  );
}
