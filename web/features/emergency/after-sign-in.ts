/**
 * Where a signed-out person goes after signing in when they came by the emergency e-mail's link
 * (`/emergency/<id>`; issue 43: the owner refuses with one tap, signed in): the guard
 * (app/guards.tsx SessionGate) remembers the path for this tab, sign-in (auth/credentials-form.ts
 * enterApp) takes it once. Only the emergency screen's own paths are kept, so nothing else can
 * steer where sign-in leads.
 */
const KEY = 'afterword.after-sign-in';
const EMERGENCY_PATH_RE = /^\/emergency(\/[A-Za-z0-9_-]{1,64})?$/;

/** Remembers `pathname` for after sign-in when it is the emergency screen's; never throws (storage may be off). */
export function rememberAfterSignIn(pathname: string): void {
  if (!EMERGENCY_PATH_RE.test(pathname)) return;
  try {
    sessionStorage.setItem(KEY, pathname);
  } catch {
    // no session storage: sign-in leads to the dashboard, whose words are the same
  }
}

/** The remembered path (forgotten as it is read), or null. */
export function takeAfterSignIn(): string | null {
  try {
    const p = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return p && EMERGENCY_PATH_RE.test(p) ? p : null;
  } catch {
    return null;
  }
}
