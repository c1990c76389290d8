/**
 * Route guards of SPEC.md §2 "Session behaviour".
 * - <SessionGate>: 'Loading...' while the profile loads; then, with no user on a protected path,
 *   a redirect to /login.
 * - <RequireUser>: protected screens render nothing without a user.
 * - <GuestOnly>: signed-in people visiting /login or /register go to /dashboard — or to the
 *   recovery kit when one is waiting to be shown (keys were just made: registration, an older
 *   account's first sign-in with keys; web/features/keys/recovery-kit-store.ts).
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { PROTECTED_PATHS } from '../../shared/labels';
import { FullPageLoading } from './FullPageLoading';
import { useSession } from './session';
import { RECOVERY_KIT_PATH, useRecoveryKit } from '../features/keys/recovery-kit-store';
import { rememberAfterSignIn } from '../features/emergency';

export { FullPageLoading };

/**
 * Paths that need a signed-in user: SPEC's seven, plus /settings (its screen edits the account,
 * so a signed-out visitor is sent to sign in rather than shown an empty page) and /emergency (the
 * link of a trustee's request: after sign-in the person comes back to it, after-sign-in.ts).
 */
const SIGNED_IN_PATHS: readonly string[] = [...PROTECTED_PATHS, '/settings', '/emergency'];

/** True when `pathname` is one of the signed-in paths or below one. */
export function needsSignIn(pathname: string): boolean {
  return SIGNED_IN_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function SessionGate({ children }: { children: ReactNode }) {
  const status = useSession((s) => s.status);
  const user = useSession((s) => s.user);
  const { pathname } = useLocation();
  if (status === 'loading') return <FullPageLoading />;
  if (!user && needsSignIn(pathname)) {
    rememberAfterSignIn(pathname);
    return <Navigate to="/login" replace />;
  }
  return children;
}

export function RequireUser({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  return user ? children : null;
}

export function GuestOnly({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  const kitWaiting = useRecoveryKit((s) => s.code !== null);
  return user ? <Navigate to={kitWaiting ? RECOVERY_KIT_PATH : '/dashboard'} replace /> : children;
}
