/**
 * Which pages register the app's service worker (issue 41): every page of the app a person uses
 * (the landing page, sign-in and sign-up, help and the legal pages, and every signed-in screen),
 * but not the read-only page of a link shared with someone who has no account (`/shared/<id>`,
 * issue 43): a one-time viewer's phone is not made to install the owner's whole offline app (its
 * precache, about 200 files) to read one item. The release and kit pages (`/r/`, `/kit/`) are
 * their own bundle and never register it (web/release/).
 */

/** Paths whose visitor only reads what was shared with them. */
const VIEWER_PATH = /^\/shared(\/|$)/;

/**
 * True when the page at `pathname` should register the service worker: always for a signed-in
 * person (an owner opening their own link keeps their app up to date), otherwise on every path
 * but a viewer's.
 */
export function registersServiceWorker(pathname: string, signedIn: boolean): boolean {
  return signedIn || !VIEWER_PATH.test(pathname);
}
