/**
 * The single place where a session starts and ends on this device (SPEC.md §2 "Session
 * behaviour"). Screens and the bootstrap call these; the sync layer extends them (opening and
 * closing the per-user database), so nothing else should call useSession.setUser/clear directly.
 */
import type { User } from '../../shared/schema';
import { apiFetch } from '../api/client';
import { endLocalSession } from '../sync/lifecycle';
import { useSession } from './session';

/** Marks `user` as signed in (after login, registration, or a profile answer on start). */
export function completeSignIn(user: User): void {
  useSession.getState().setUser(user);
}

/** Forgets the user on this device without calling the server (e.g. the server said 401). */
export function clearSession(): void {
  useSession.getState().clear();
}

/**
 * Logs out: POST /api/auth/logout, then clears the user and goes to /login (SPEC.md §7).
 * A failed logout call is only logged (SPEC.md §8) and the person is still signed out here.
 */
export async function signOut(navigate: (to: string) => void): Promise<void> {
  // Push what is waiting, then delete this account's local database (kept if changes still wait).
  const userId = useSession.getState().user?.id;
  if (userId) await endLocalSession(userId).catch((err: unknown) => console.error('Could not clear local data', err));
  try {
    await apiFetch('/api/auth/logout', { method: 'POST' });
  } catch (err) {
    console.error('Logout failed', err);
  }
  clearSession();
  navigate('/login');
}
