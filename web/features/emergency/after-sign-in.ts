/**
 * Where a signed-out person goes after signing in when they came by the emergency e-mail's link
 * (`/emergency/<id>`; issue 43: the owner refuses with one tap, signed in): the guard
 * (app/guards.tsx SessionGate) remembers the path for this tab, sign-in (auth/credentials-form.ts
 * enterApp) takes it once. Only the emergency screen's own paths are kept, so nothing else can
 * steer where sign-in leads (app/after-sign-in.ts).
 */
import { afterSignInMemory } from '../../app/after-sign-in';

const memory = afterSignInMemory('afterword.after-sign-in', /^\/emergency(\/[A-Za-z0-9_-]{1,64})?$/);

/** Remembers `pathname` for after sign-in when it is the emergency screen's; never throws (storage may be off). */
export const rememberAfterSignIn = (pathname: string): void => memory.remember(pathname);

/** The remembered path (forgotten as it is read), or null. */
export const takeAfterSignIn = (): string | null => memory.take();
