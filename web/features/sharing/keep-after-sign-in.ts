/**
 * Signing in from a shared page to keep its link (issue 43 "or in their own account if they have
 * one"): the page's "Sign in" remembers the link for this tab, and sign-in
 * (auth/credentials-form.ts enterApp) takes it once and comes back to it, where the keep form
 * waits. Only a whole share link's path and fragment are kept (app/after-sign-in.ts), so nothing
 * else can steer where sign-in leads. The link stays in this tab's session storage only, as it
 * already is in its address bar and history; the key is never sent anywhere.
 */
import { afterSignInMemory } from '../../app/after-sign-in';

const memory = afterSignInMemory('afterword.keep-after-sign-in', /^\/shared\/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$/);

/** Remembers `/shared/<shareId><fragment>` for after sign-in when it is a whole share link; never throws (storage may be off). */
export const rememberSharedLink = (shareId: string, fragment: string): void => memory.remember(`/shared/${shareId}${fragment}`);

/** The remembered share link's path (forgotten as it is read), or null. */
export const takeSharedLink = (): string | null => memory.take();
