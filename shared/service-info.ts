/**
 * What `GET /api/service` tells anyone about this Afterword service (sync-server/http/service-info.ts),
 * shared by the server and the app's Contact page.
 */
export interface ServiceInfo {
  /** The operator's address for help with this service (SUPPORT_EMAIL), or null: they gave none. */
  supportEmail: string | null;
}

/** The longest e-mail address (RFC 5321; LIMITS.email in shared/schema/common.ts). */
const MAX_EMAIL = 254;

/**
 * `body` as ServiceInfo, or null when it is not one (an old server without the route, a proxy's
 * page): the app then keeps what it knew. Checked without zod, so the public pages load none.
 */
export function parseServiceInfo(body: unknown): ServiceInfo | null {
  if (!body || typeof body !== 'object') return null;
  const email = (body as { supportEmail?: unknown }).supportEmail;
  if (email === null) return { supportEmail: null };
  if (typeof email === 'string' && email.length <= MAX_EMAIL && /^[^\s@<>"]+@[^\s@<>"]+$/.test(email)) return { supportEmail: email };
  return null;
}
