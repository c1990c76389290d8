/**
 * The one way the server signs and checks its own tokens (session and device cookies): HS256 JWTs
 * (jose) signed with the session secret, issuer `afterword`, each kind with its own audience so a
 * token of one kind is never accepted as another (OWASP ASVS 3.5.3).
 */
import { SignJWT, jwtVerify } from 'jose';
import type { AppDeps } from '../app-env';

const ISSUER = 'afterword';
const ALG = 'HS256';

/** What a verified token names: its subject (a user id) and its id (jti). */
export interface TokenClaims {
  sub: string;
  jti: string;
}

/**
 * Signs a token for `audience` naming `sub` and `jti`, valid from now (`deps.now()`, ms) until
 * `expiresAt` (ms since the epoch). Returns the compact JWT.
 */
export function signToken(deps: AppDeps, audience: string, claims: TokenClaims, expiresAt: number): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: ALG })
    .setSubject(claims.sub)
    .setJti(claims.jti)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt(Math.floor(deps.now() / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(deps.config.sessionSecret);
}

/**
 * The claims of `token` when it is ours, for `audience`, unexpired at `deps.now()` and names both a
 * subject and an id; otherwise null (tampered, another algorithm or audience, expired). Never throws.
 */
export async function verifyToken(deps: AppDeps, audience: string, token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, deps.config.sessionSecret, {
      algorithms: [ALG],
      issuer: ISSUER,
      audience,
      currentDate: new Date(deps.now()),
    });
    return payload.sub && payload.jti ? { sub: payload.sub, jti: payload.jti } : null;
  } catch {
    return null;
  }
}
