/**
 * The signed-in person as screens should see them: the session user (account fields: id,
 * username, createdAt) merged with the live local 'profile' record, so an edit made here —
 * or synced from another device — shows at once in the header and everywhere (SPEC.md §4
 * "Profile": the saved user replaces the current user).
 */
import type { User } from '../../shared/schema';
import { useRecord } from '../db';
import { useSession } from './session';

export interface CurrentUser {
  /** The merged user, or null when signed out. */
  user: User | null;
  /** True once the local profile record has been read (it may still be absent before a first sync). */
  profileLoaded: boolean;
}

/** The session user overlaid with the profile record's fields (null/undefined record: the session user). */
export function mergeProfile(user: User, profile: (Partial<User> & { id?: string }) | null | undefined): User {
  if (!profile) return user;
  const { id: _id, ...fields } = profile;
  const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { ...user, ...defined, id: user.id, username: user.username, createdAt: user.createdAt };
}

/** See the module comment. Re-renders on every local or synced change of the profile. */
export function useCurrentUserState(): CurrentUser {
  const sessionUser = useSession((s) => s.user);
  const profile = useRecord('profile', sessionUser?.id);
  if (!sessionUser) return { user: null, profileLoaded: false };
  return { user: mergeProfile(sessionUser, profile), profileLoaded: profile !== undefined };
}

/** The merged current user (null when signed out). */
export function useCurrentUser(): User | null {
  return useCurrentUserState().user;
}
