/**
 * The public pages for a signed-out visitor, without react-router (issue #20: the landing page
 * must stay under 90 KB of JS; the router alone is ~30 KB). A path → screen table, history
 * pushState/popstate, and NavigateContext for AppLink. It renders exactly what the build
 * prerenders (web/prerender-entry.tsx), so web/main.tsx hydrates it over the prerendered markup.
 * Navigating to any other path, or a sign-in, hands over to the full app (`onLeave`, App.tsx).
 */
import { type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { AppChrome } from './AppChrome';
import { FullPageLoading } from './FullPageLoading';
import { type AppNavigate, NavigateContext } from './navigation';
import PublicLayout from './PublicLayout';
import { Contact, ForgotPassword, Help, Landing, Login, Privacy, Register, Terms } from './screens';
import { useSession } from './session';

const framed = (screen: ReactNode) => <PublicLayout>{screen}</PublicLayout>;

/** Each public path and its screen, framed as the full router frames it for a signed-out visitor (router.tsx). */
const PUBLIC_SCREENS: Record<string, () => ReactNode> = {
  '/': () => <Landing />,
  '/login': () => framed(<Login />),
  '/register': () => framed(<Register />),
  '/forgot-password': () => framed(<ForgotPassword />),
  '/help': () => framed(<Help />),
  '/privacy': () => framed(<Privacy />),
  '/terms': () => framed(<Terms />),
  '/contact': () => framed(<Contact />),
};

/** True when `pathname` is one of the public pages this world renders. */
export function isPublicPath(pathname: string): boolean {
  return Object.hasOwn(PUBLIC_SCREENS, pathname);
}

/** `path`: the page to render first (the prerender passes it; in the browser, location.pathname). */
export default function PublicApp({ path: initialPath, onLeave }: { path?: string; onLeave: () => void }) {
  const [path, setPath] = useState(() => initialPath ?? location.pathname);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    const onPop = () => (isPublicPath(location.pathname) ? setPath(location.pathname) : onLeave());
    addEventListener('popstate', onPop);
    return () => {
      live.current = false;
      removeEventListener('popstate', onPop);
    };
  }, [onLeave]);

  const navigate = useCallback<AppNavigate>(
    (to, opts) => {
      if (!live.current) return; // a late call (e.g. the login screen's redirect) after the full app took over
      const url = new URL(to, location.href);
      history[opts?.replace ? 'replaceState' : 'pushState'](null, '', url.pathname + url.search + url.hash);
      if (!isPublicPath(url.pathname) || useSession.getState().status !== 'signed-out') return onLeave();
      setPath(url.pathname);
      scrollTo(0, 0);
    },
    [onLeave],
  );

  const screen = PUBLIC_SCREENS[path];
  return (
    <NavigateContext.Provider value={navigate}>
      <Suspense fallback={<FullPageLoading />}>{screen ? screen() : null}</Suspense>
      <AppChrome />
    </NavigateContext.Provider>
  );
}
