/**
 * Reads the session hint cookie (sync-server/accounts/session-hint.ts; issue #20): present while this
 * browser holds a session cookie. It grants nothing; it only tells the app whether asking the
 * server for the profile can succeed, so anonymous visits make no request that fails.
 */

/** The hint cookie's base name; over HTTPS the server names it `__Host-afterword_signed_in`. */
const NAME = 'afterword_signed_in';

/** True when `cookieHeader` (document.cookie) carries the hint under either name. */
export function hasSessionHint(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => {
    const name = part.split('=')[0]!.trim();
    return name === NAME || name === `__Host-${NAME}`;
  });
}
