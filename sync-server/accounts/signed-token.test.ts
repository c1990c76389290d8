import { SignJWT } from 'jose';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-support';
import { signToken, verifyToken } from './signed-token';

const AUD = 'afterword-web';

/** A token as jose's SignJWT makes it (the library the server used before issue #20), over `claims` and `header`. */
function joseToken(secret: Uint8Array, claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256' }) {
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(secret);
}

/** A compact JWT over raw header and payload objects, MACed with `secret` (to forge what jose refuses to make). */
function rawToken(secret: Uint8Array, header: unknown, payload: unknown): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

describe('signed tokens: synchronous HS256 with the checks of jose (issue #20)', () => {
  const t = createTestApp();
  const secret = t.deps.config.sessionSecret;
  const now = Math.floor(t.deps.now() / 1000);
  const claims = { sub: 'user-1', jti: 'sid-1', iss: 'afterword', aud: AUD, iat: now, exp: now + 3600 };

  it('signs byte for byte as jose did, so cookies issued before stay valid', async () => {
    const ours = signToken(t.deps, AUD, { sub: 'user-1', jti: 'sid-1' }, (now + 3600) * 1000);
    const jose = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('user-1').setJti('sid-1')
      .setIssuer('afterword').setAudience(AUD).setIssuedAt(now).setExpirationTime(now + 3600).sign(secret);
    expect(ours).toBe(jose);
    expect(verifyToken(t.deps, AUD, jose)).toMatchObject({ sub: 'user-1', jti: 'sid-1' });
  });

  it('accepts an audience list that names ours, and refuses another audience or issuer', async () => {
    expect(verifyToken(t.deps, AUD, await joseToken(secret, { ...claims, aud: ['x', AUD] }))).not.toBeNull();
    expect(verifyToken(t.deps, 'afterword-device', await joseToken(secret, claims))).toBeNull();
    expect(verifyToken(t.deps, AUD, await joseToken(secret, { ...claims, iss: 'evil' }))).toBeNull();
  });

  it('refuses expired (exp = now included), missing exp, future nbf, non-numeric iat, missing sub or jti', async () => {
    for (const bad of [
      { ...claims, exp: now },
      { ...claims, exp: now - 1 },
      { ...claims, exp: undefined },
      { ...claims, exp: String(now + 3600) },
      { ...claims, nbf: now + 60 },
      { ...claims, iat: 'today' },
      { ...claims, sub: undefined },
      { ...claims, jti: '' },
    ]) {
      expect(verifyToken(t.deps, AUD, rawToken(secret, { alg: 'HS256' }, bad)), JSON.stringify(bad)).toBeNull();
    }
    expect(verifyToken(t.deps, AUD, rawToken(secret, { alg: 'HS256' }, { ...claims, nbf: now }))).not.toBeNull();
  });

  it('refuses headers the server never writes, even correctly MACed: another alg, crit/b64, kid, jwk, not an object', () => {
    for (const header of [{ alg: 'none' }, { alg: 'HS512' }, { alg: 'RS256' }, { alg: 'HS256', crit: ['b64'], b64: false }, { alg: 'HS256', kid: '1' }, { alg: 'HS256', jwk: {} }, ['HS256'], 'HS256']) {
      expect(verifyToken(t.deps, AUD, rawToken(secret, header, claims)), JSON.stringify(header)).toBeNull();
    }
    expect(verifyToken(t.deps, AUD, rawToken(secret, { alg: 'HS256', typ: 'JWT' }, claims))).not.toBeNull();
    expect(verifyToken(t.deps, AUD, rawToken(secret, { alg: 'HS256' }, [claims]))).toBeNull();
  });

  it('refuses another secret, a changed payload, a second encoding of the same MAC, and malformed tokens', async () => {
    const good = await joseToken(secret, claims);
    const [h, p, s] = good.split('.') as [string, string, string];
    expect(verifyToken(t.deps, AUD, await joseToken(new TextEncoder().encode('y'.repeat(48)), claims))).toBeNull();
    const changed = Buffer.from(JSON.stringify({ ...claims, sub: 'user-2' })).toString('base64url');
    expect(verifyToken(t.deps, AUD, `${h}.${changed}.${s}`)).toBeNull();
    // The last of 43 base64url characters carries 2 unused bits: flipping them decodes to the same MAC.
    const last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = s.slice(0, -1) + last[last.indexOf(s.at(-1)!) ^ 1];
    expect(Buffer.from(twin, 'base64url').equals(Buffer.from(s, 'base64url'))).toBe(true);
    expect(verifyToken(t.deps, AUD, `${h}.${p}.${twin}`)).toBeNull();
    for (const bad of ['', '...', `${h}.${p}`, `${h}.${p}.${s}.x`, `${h}.${p}.${s}=`, `${h}.${p}.${s.slice(1)}`, `${h} .${p}.${s}`]) {
      expect(verifyToken(t.deps, AUD, bad), bad).toBeNull();
    }
  });

  it('a token already verified is held in memory (no second MAC check), yet every answer stays the full check\'s: another audience, expiry as the clock moves, another secret', () => {
    const u = createTestApp();
    const nowS = Math.floor(u.deps.now() / 1000);
    const token = rawToken(u.deps.config.sessionSecret, { alg: 'HS256' }, { ...claims, iat: nowS, exp: nowS + 60 });
    expect(verifyToken(u.deps, AUD, token)).toMatchObject({ sub: 'user-1', jti: 'sid-1' });
    // A second check of the same text computes no MAC: it is answered from what the first one verified.
    const calls = countHmacs(() => expect(verifyToken(u.deps, AUD, token)).toMatchObject({ sub: 'user-1', jti: 'sid-1' }));
    expect(calls).toBe(0);
    expect(verifyToken(u.deps, 'afterword-device', token)).toBeNull(); // the audience is checked on every call
    const other = createTestApp(); // another secret: what one server verified says nothing to another
    expect(verifyToken(other.deps, AUD, token)).toBeNull();
    u.advance(59_000);
    expect(verifyToken(u.deps, AUD, token)).not.toBeNull();
    u.advance(1_000); // exp = now: refused, though verified before
    expect(verifyToken(u.deps, AUD, token)).toBeNull();
  });
});

/** How many HMACs node:crypto computes while `fn` runs. */
function countHmacs(fn: () => void): number {
  const proto = Object.getPrototypeOf(createHmac('sha256', 'k')) as { digest: (...a: unknown[]) => unknown };
  const digest = proto.digest;
  let n = 0;
  proto.digest = function (this: unknown, ...args: unknown[]) {
    n += 1;
    return digest.apply(this, args);
  };
  try {
    fn();
  } finally {
    proto.digest = digest;
  }
  return n;
}
