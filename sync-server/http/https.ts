/**
 * The scheme a request came over, below every domain: the `__Host-` cookies (accounts/cookies.ts),
 * HSTS (security-headers.ts) and the origin a same-origin request must carry (csrf.ts) all ask it.
 */
import type { Context } from 'hono';
import type { AppConfig } from '../app-env';

/** True when the request reached us over HTTPS (X-Forwarded-Proto only when TRUST_PROXY is set; client-ip.ts). */
export function isHttps(c: Context, deps: { config: Pick<AppConfig, 'trustProxy'> }): boolean {
  if (deps.config.trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    if (proto) return proto === 'https';
  }
  return c.req.url.startsWith('https:'); // a Request's URL is normalised: the scheme is lower case (no URL parse per request)
}
