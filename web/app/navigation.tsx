/**
 * Links and navigation that work in both worlds of the app (issue #20 "split what the landing page
 * never runs"): the signed-out public pages (web/app/PublicApp.tsx, no react-router at all, so the
 * landing, login and register pages never download it) and the full app (react-router's data
 * router, web/app/FullApp.tsx). Each world provides its `navigate` through NavigateContext;
 * components shown in both (the public top bar, footer, logo, auth and static pages) use these.
 */
import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from 'react';

/** Goes to `to` (a same-origin path) in the current world; `replace` replaces the history entry. */
export type AppNavigate = (to: string, opts?: { replace?: boolean }) => void;

/** Without a provider: a full page load (never reached in the app; both worlds provide one). */
export const NavigateContext = createContext<AppNavigate>((to, opts) => (opts?.replace ? location.replace(to) : location.assign(to)));

/** The current world's navigate. */
export function useAppNavigate(): AppNavigate {
  return useContext(NavigateContext);
}

/** True for a plain left click that the app should handle itself (not a new tab, window or download). */
function isPlainClick(e: MouseEvent<HTMLAnchorElement>): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.currentTarget.target;
}

/** An <a href={to}> that navigates within the app on a plain click (like react-router's <Link>). */
export function AppLink({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const navigate = useAppNavigate();
  return (
    <a
      {...rest}
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (!isPlainClick(e)) return;
        e.preventDefault();
        navigate(to);
      }}
    />
  );
}
