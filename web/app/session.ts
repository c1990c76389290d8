/**
 * Session state (SPEC.md §2 "Session behaviour", §4 "Session"): 'loading' while the profile
 * loads, then 'signed-in' with a user or 'signed-out'. Offline, the last signed-in user is kept
 * on the device (DESIGN.md §3) so the installed app opens and works with no network.
 * When nobody can be signed in on this browser (see mayBeSignedIn) the state starts 'signed-out':
 * no profile is asked, and a prerendered public page hydrates as it was rendered (issue #20).
 */
import { create } from 'zustand';
import type { User } from '../../shared/schema';
import { hasSessionHint } from './session-hint';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

interface SessionState {
  status: SessionStatus;
  user: User | null;
  /** True when the server said 401 while we still hold local data: ask to sign in again. */
  needsReauth: boolean;
  setUser: (user: User) => void;
  clear: () => void;
  setNeedsReauth: (v: boolean) => void;
}

const LAST_USER_KEY = 'afterword:last-user';

/** The user last signed in on this device, or null. */
export function readLastUser(): User | null {
  try {
    const raw = localStorage.getItem(LAST_USER_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
}

/**
 * False when nobody can be signed in here: no session hint cookie (accounts/session-hint.ts) and no
 * user remembered on this device; also false outside a browser (the build-time prerender).
 */
export function mayBeSignedIn(): boolean {
  if (typeof document === 'undefined') return false;
  return hasSessionHint(document.cookie) || readLastUser() !== null;
}

export const useSession = create<SessionState>()((set) => ({
  // Also what React renders while hydrating (zustand's server snapshot is the initial state).
  status: mayBeSignedIn() ? 'loading' : 'signed-out',
  user: null,
  needsReauth: false,
  setUser: (user) => {
    try {
      localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
    } catch {
      /* storage full or blocked: the session still works in memory */
    }
    set({ status: 'signed-in', user, needsReauth: false });
  },
  clear: () => {
    try {
      localStorage.removeItem(LAST_USER_KEY);
    } catch {
      /* ignore */
    }
    set({ status: 'signed-out', user: null, needsReauth: false });
  },
  setNeedsReauth: (v) => set({ needsReauth: v }),
}));

/** The signed-in account's id (for a call made while someone is signed in); throws when nobody is. */
export function signedInId(): string {
  const id = useSession.getState().user?.id;
  if (!id) throw new Error('Not signed in');
  return id;
}
