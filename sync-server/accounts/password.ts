/**
 * Password hashing with scrypt from node:crypto (DESIGN.md §3; OWASP ASVS 6.2 / Password
 * Storage Cheat Sheet: scrypt N=2^17, r=8, p=1). Stored as `scrypt$N$r$p$salt$hash` (base64url),
 * so a hash verifies with the cost it was made with.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters: N (CPU/memory cost, a power of two), r (block size), p (parallelism). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The production cost (OWASP Password Storage Cheat Sheet): N=2^17, r=8, p=1 (128 MiB). */
export const PASSWORD_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LEN = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

/** Hashes `password` with a fresh 16-byte salt at `cost` (config.passwordCost; PASSWORD_COST by default). */
export async function hashPassword(password: string, cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = cost;
  const key = await derive(password, salt, { N, r, p });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** True when `password` matches `stored`; false for a wrong password or a malformed hash. Constant-time compare. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const dummies = new Map<string, Promise<string>>();
/**
 * A real hash of a random password at `cost`, verified against for unknown users so that both
 * paths cost the same (OWASP ASVS 6.3.8). Made once per cost, on the first call (authRoutes calls
 * it when the app is built, so the first unknown-user login waits no longer than the others).
 */
export function dummyHash(cost: ScryptCost = PASSWORD_COST): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let hash = dummies.get(key);
  if (!hash) dummies.set(key, (hash = hashPassword(randomBytes(16).toString('hex'), cost)));
  return hash;
}
