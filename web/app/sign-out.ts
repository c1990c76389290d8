/**
 * Signing out on this device (SPEC.md §2, §7; issue #8): the last sync, the question when changes
 * would be lost, the logout call, and removing the account's local database. Separate from
 * auth-actions.ts because it needs the database and sync code, which public pages never load.
 */
import { apiFetch } from '../api/client';
import { disableCheckInPush } from '../pwa/push-subscribe';
import { getPendingCount } from '../db';
import { syncNow } from '../sync';
import { endLocalSession } from '../sync/lifecycle';
import { useKeySession } from '../features/keys/key-session';
import { confirm } from '../ui/confirm';
import { clearSession } from './auth-actions';
import { useSession } from './session';
import { announceSignOut } from './SignedOutElsewhere';

/**
 * Logs out: POST /api/auth/logout, then clears the user and goes to /login (SPEC.md §7).
 * A failed logout call is only logged (SPEC.md §8) and the person is still signed out here.
 */
export async function signOut(
  navigate: (to: string) => void,
  opts: { discardPending?: boolean; timeoutMs?: number } = {},
): Promise<void> {
  // Push what is waiting, then delete this account's local database (kept if changes still wait,
  // unless the person agreed to discard them).
  const userId = useSession.getState().user?.id;
  if (userId) await endLocalSession(userId, opts).catch((err: unknown) => console.error('Could not clear local data', err));
  await useKeySession.getState().signOut().catch((err: unknown) => console.error('Could not forget the keys on this device', err)); // AK leaves this device
  await disableCheckInPush(); // no reminders for this account on this device once signed out
  try {
    await apiFetch('/api/auth/logout', { method: 'POST' });
  } catch (err) {
    console.error('Logout failed', err);
  }
  clearSession();
  if (userId) announceSignOut(userId);
  navigate('/login');
}

/** How long logout waits for a last sync before counting what would be lost. */
const LAST_SYNC_MS = 4_000;

/**
 * The Logout menu item (issue #8): tries one last sync; if changes still wait (offline, or the
 * server unreachable), asks first, saying how many would be lost; then signs out and removes
 * this account's local database. Resolves false when the person chose to stay.
 */
export async function logOutWithConfirmation(navigate: (to: string) => void): Promise<boolean> {
  await Promise.race([syncNow().catch(() => undefined), new Promise((r) => setTimeout(r, LAST_SYNC_MS))]);
  const pending = await getPendingCount().catch(() => 0);
  if (pending > 0) {
    const changes = pending === 1 ? '1 change' : `${pending} changes`;
    const ok = await confirm({
      title: 'Log out and lose unsynced changes?',
      description: `${changes} on this device ${pending === 1 ? 'has' : 'have'} not reached the server yet. If you log out now, ${pending === 1 ? 'it' : 'they'} will be lost. Stay signed in and reconnect to keep ${pending === 1 ? 'it' : 'them'}.`,
      confirmLabel: 'Log out and discard',
      cancelLabel: 'Stay signed in',
      destructive: true,
    });
    if (!ok) return false;
  }
  // The last sync was just tried above: no second wait before removing the database.
  await signOut(navigate, { discardPending: pending > 0, timeoutMs: 0 });
  return true;
}
