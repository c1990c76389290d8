/**
 * Which push endpoints the server will POST to (SECURITY.md "Web Push"): a subscription's endpoint
 * comes from a request, so without a check any account could make the server send requests to an
 * address of its choosing (SSRF). Only the browsers' push services over https are accepted, plus
 * the exact origins an operator lists in WEB_PUSH_ORIGINS (comma-separated; a self-hosted push
 * service, or a test's loopback server).
 */

/** Hosts of the browsers' push services: Chrome (FCM), Firefox (Mozilla autopush), Edge (WNS), Safari (Apple). */
const PUSH_SERVICE_HOSTS = [/^fcm\.googleapis\.com$/, /^updates\.push\.services\.mozilla\.com$/, /^[a-z0-9-]+\.notify\.windows\.com$/, /^(web\.push|[a-z0-9-]+\.push)\.apple\.com$/];

/** WEB_PUSH_ORIGINS as a list of origins (`http://127.0.0.1:9999`); throws naming the variable for a value that is not one. */
export function parsePushOrigins(raw: string | undefined): string[] {
  if (!raw?.trim()) return [];
  return raw.split(',').map((s) => {
    let url: URL;
    try {
      url = new URL(s.trim());
    } catch {
      throw new Error(`WEB_PUSH_ORIGINS: "${s.trim().slice(0, 80)}" is not a URL`);
    }
    if (url.origin === 'null') throw new Error(`WEB_PUSH_ORIGINS: "${s.trim().slice(0, 80)}" is not an http(s) origin`);
    return url.origin;
  });
}

/** True when the server may send to `endpoint`: https on a browser push service, or an origin in `extraOrigins`. */
export function isAllowedPushEndpoint(endpoint: string, extraOrigins: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && (url.port === '' || url.port === '443') && PUSH_SERVICE_HOSTS.some((h) => h.test(url.hostname));
}
