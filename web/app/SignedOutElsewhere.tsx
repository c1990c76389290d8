/**
 * Logout reaches every tab (SPEC.md §2 "After logout the user is cleared and sent to /login"):
 * when this account's local database was deleted by another tab ('deleted-elsewhere', see
 * web/db/user-database.ts) or another tab announced a logout of this account, this tab clears
 * the user and goes to /login, so no private data stays on screen. Unsynced changes are safe:
 * the logging-out tab already asked about them (sign-out.ts) before deleting the database.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentDb } from '../db/current';
import { clearSession } from './auth-actions';
import { useSession } from './session';

const CHANNEL = 'afterword:session';

interface SignedOutMessage {
  type: 'signed-out';
  userId: string;
}

/** Tells the other tabs of this browser that `userId` logged out here (called by signOut). */
export function announceSignOut(userId: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ type: 'signed-out', userId } satisfies SignedOutMessage);
  channel.close();
}

/** Mount once while someone is signed in (SignedInServices): signs this tab out when the account logged out elsewhere. */
export function SignedOutElsewhere() {
  const navigate = useNavigate();
  const notice = useCurrentDb((s) => s.notice);

  useEffect(() => {
    if (notice !== 'deleted-elsewhere') return;
    clearSession();
    navigate('/login', { replace: true });
  }, [notice, navigate]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent<SignedOutMessage>) => {
      const user = useSession.getState().user;
      if (e.data?.type !== 'signed-out' || !user || e.data.userId !== user.id) return;
      clearSession();
      navigate('/login', { replace: true });
    };
    return () => channel.close();
  }, [navigate]);

  return null;
}
