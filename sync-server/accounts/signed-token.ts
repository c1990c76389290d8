/**
 * The one way the server signs and checks its own tokens (session and device cookies): compact
 * HS256 JWTs (RFC 7519) signed with the session secret, issuer `afterword`, each kind with its own
 * audience so a token of one kind is never accepted as another (OWASP ASVS 3.5.3).
 *
 * Synchronous node:crypto HMAC-SHA256 (issue #20): a check runs on every signed-in request, and
 * jose's WebCrypto path (import the key, a promise, a worker job) cost more than the rest of a
 * list read. The checks are those of jose's `jwtVerify` with `algorithms: ['HS256']`, issuer,
 * audience and `currentDate`, and stricter where jose is lenient: the header must name exactly
 * `alg: HS256` with no `crit`/`b64`/`jwk`/`kid` games (RFC 7515 §4.1.11), the MAC is compared
 * in constant time as its canonical base64url text (so no second encoding of one signature is
 * accepted), and `exp` is required. Tokens are byte-for-byte what jose's `SignJWT` made, so
 * cookies issued before this change stay valid.
 *
 * A token whose MAC, header and claims' types were checked once is kept in memory (a bounded map
 * per secret, VERIFIED_MAX tokens, least recently used forgotten first), so the signed-in requests
 * that follow skip the HMAC and the JSON decode (issue #20: they were about a tenth of a read's
 * CPU). Only what a token's exact text fixes is kept; audience, expiry and not-before are checked
 * on every call against the clock of that moment, so every answer is the full check's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../app-env';
import { type BoundedCache, createBoundedCache } from '../db/bounded-cache';

const ISSUER = 'afterword';
const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
const SEGMENT = /^[A-Za-z0-9_-]+$/;

/** What a verified token names: its subject (a user id) and its id (jti). */
export interface TokenClaims {
  sub: string;
  jti: string;
}

/** At most this many verified tokens are kept per secret (about 800 bytes each with their claims: 8 MB at most). */
const VERIFIED_MAX = 10_000;

/** What a token's text fixes once its MAC verified: the claims checked on each use. */
interface Verified {
  sub: string;
  jti: string;
  aud: unknown;
  exp: number;
  nbf: number | undefined;
}

/** Verified tokens per secret: a server (or a test) with another secret shares nothing. */
const verifiedBySecret = new WeakMap<Uint8Array, BoundedCache<Verified>>();

const mac = (secret: Uint8Array, signingInput: string) => createHmac('sha256', secret).update(signingInput).digest('base64url');

/** The JSON object a base64url segment holds, or null when it holds anything else. */
function decodeObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Signs a token for `audience` naming `sub` and `jti`, valid from now (`deps.now()`, ms) until
 * `expiresAt` (ms since the epoch). Returns the compact JWT.
 */
export function signToken(deps: AppDeps, audience: string, claims: TokenClaims, expiresAt: number): string {
  const payload = {
    sub: claims.sub,
    jti: claims.jti,
    iss: ISSUER,
    aud: audience,
    iat: Math.floor(deps.now() / 1000),
    exp: Math.floor(expiresAt / 1000),
  };
  const input = `${HEADER}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${input}.${mac(deps.config.sessionSecret, input)}`;
}

/**
 * The claims of `token` (subject, id and expiry in seconds) when it is ours, for `audience`,
 * unexpired at `deps.now()` and names both a subject and an id; otherwise null (tampered, another algorithm or audience, expired). Never throws.
 */
export function verifyToken(deps: AppDeps, audience: string, token: string): (TokenClaims & { exp: number }) | null {
  const secret = deps.config.sessionSecret;
  let cache = verifiedBySecret.get(secret);
  if (!cache) verifiedBySecret.set(secret, (cache = createBoundedCache<Verified>(VERIFIED_MAX)));
  let v = cache.get(token);
  if (!v) {
    const checked = checkToken(secret, token);
    if (!checked) return null;
    // Kept under a copy of the token's text: `token` may be a slice of the whole Cookie header,
    // which the map would otherwise keep alive (kilobytes a token, not its 250 characters).
    v = cache.set(Buffer.from(token, 'latin1').toString('latin1'), checked);
  }
  if (!(v.aud === audience || (Array.isArray(v.aud) && v.aud.includes(audience)))) return null;
  const now = Math.floor(deps.now() / 1000);
  if (v.exp <= now || (v.nbf !== undefined && v.nbf > now)) return null;
  return { sub: v.sub, jti: v.jti, exp: v.exp }; // exp in seconds (a sliding session reissues, accounts/session.ts)
}

/** The time-independent checks of `token` (MAC, header, issuer, the claims' types): its claims, or null. */
function checkToken(secret: Uint8Array, token: string): Verified | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(secret, `${header}.${payload}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  // Signed by us; still refuse a header we never write (another alg, crit, b64, keys). Ours is
  // always the same text (HEADER), so only another one is decoded (issue #20: two decodes per request).
  if (header !== HEADER) {
    const h = decodeObject(header);
    if (!h || h.alg !== 'HS256' || Object.keys(h).some((k) => k !== 'alg' && k !== 'typ')) return null;
  }
  const claims = decodeObject(payload);
  if (!claims || claims.iss !== ISSUER) return null;
  const { sub, jti, aud, exp, nbf, iat } = claims;
  if (typeof exp !== 'number' || (nbf !== undefined && typeof nbf !== 'number') || (iat !== undefined && typeof iat !== 'number')) return null;
  if (typeof sub !== 'string' || !sub || typeof jti !== 'string' || !jti) return null;
  return { sub, jti, aud, exp, nbf: nbf as number | undefined };
}
