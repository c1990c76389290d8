/**
 * The client's IP address for rate limiting: the socket's address, or the first
 * X-Forwarded-For hop only when TRUST_PROXY is configured (a client could forge it otherwise).
 */
import type { Context } from 'hono';
import type { AppDeps } from '../app-env';

export function clientIp(c: Context, deps: AppDeps): string {
  if (deps.config.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
