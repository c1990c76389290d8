/**
 * The single place where a session starts and ends on this device (SPEC.md §2 "Session
 * behaviour"). Screens and the bootstrap call these; the sync layer extends them (opening and
 * closing the per-user database), so nothing else should call useSession.setUser/clear directly.
 */
import type { User } from '../../shared/schema';
import { useSession } from './session';

/** Marks `user` as signed in (after login, registration, or a profile answer on start). */
export function completeSignIn(user: User): void {
  useSession.getState().setUser(user);
}

/** Forgets the user on this device without calling the server (e.g. the server said 401). */
export function clearSession(): void {
  useSession.getState().clear();
}
