/**
 * Session expiry while offline (issue #8; DESIGN.md §3): when the server answers 401 to a sync,
 * the engine pauses and keeps its outbox, and this dialog asks the person to sign in again. Only
 * the same account is accepted, so one person's unsynced changes never reach another account;
 * after signing in, sync resumes and pushes them. "Not now" puts it aside; the header's "Sign in
 * again to sync" opens it again (reauth-prompt.ts). The dialog (ReauthForm.tsx, with Radix Dialog)
 * is a lazy chunk loaded only when asked (issue #20), precached for offline use.
 */
import { lazy, Suspense } from 'react';
import { useSession } from '../app/session';
import { useReauthPrompt } from './reauth-prompt';

const ReauthForm = lazy(() => import('./ReauthForm'));

export function ReauthDialog() {
  const needsReauth = useSession((s) => s.needsReauth && s.status === 'signed-in');
  const user = useSession((s) => s.user);
  const dismissed = useReauthPrompt((s) => s.dismissed);
  if (!needsReauth || !user || dismissed) return null;
  return (
    <Suspense fallback={null}>
      <ReauthForm user={user} />
    </Suspense>
  );
}
