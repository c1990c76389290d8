/**
 * Decides who is signed in when the app starts (SPEC.md §2 "Session behaviour", DESIGN.md §3):
 * GET /api/user/profile → signed in; 401 → signed out; no answer (offline, server down) → the
 * last user kept on this device, if any, so the installed app opens offline. Failures are only
 * logged (SPEC.md §8 "Profile fetch … failures are only logged").
 *
 * With neither the session hint cookie (web/app/session-hint.ts) nor a user remembered on this
 * device (mayBeSignedIn), nobody can be signed in: the session is 'signed-out' at once, synchronously, with no
 * request (issue #20: anonymous visits make no request that fails, and a prerendered public page
 * is hydrated without a 'Loading...' in between). Otherwise the profile loads as before.
 */
import type { User } from '../../shared/schema';
import { ApiError, apiFetch } from '../api/client';
import { clearSession, completeSignIn } from './auth-actions';
import { mayBeSignedIn, readLastUser } from './session';

/** Starts the session check; returns once it is decided. Signed out without a request when no session can exist. */
export async function bootstrapSession(): Promise<void> {
  if (!mayBeSignedIn()) {
    clearSession();
    return;
  }
  try {
    const user = await apiFetch<User>('/api/user/profile');
    completeSignIn(user);
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      clearSession();
      return;
    }
    console.error('Could not load the profile', err);
    const last = readLastUser();
    if (last) completeSignIn(last);
    else clearSession();
  }
}
