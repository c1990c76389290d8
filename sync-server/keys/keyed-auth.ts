/**
 * Registration and login bodies with keys or without (routes/auth.ts): a device that has keys
 * sends `loginSecret` (and at registration its new keys) where older apps sent `password`
 * (keys/routes.ts says why). The server treats the login secret as it treated the password: it
 * scrypts it (auth/password.ts). An account with keys refuses `password`, so that a password
 * never travels for it; an account made before keys signs in with it until it sets keys up.
 */
import type { Context } from 'hono';
import { loginSchema, registerSchema } from '../../shared/schema';
import { ApiHttpError } from '../http/errors';
import type { AccountStore, UserRow } from '../db/accounts';
import type { AsyncAccountStore } from '../db/account-store';
import { parseWith } from '../http/validate';
import { keyedLoginSchema, keyedRegisterSchema, registerProfileSchema } from './schemas';
import type { NewAccountKeys } from './key-store';
import { fromB64url } from '../../shared/crypto/bytes';
import { proofHash } from '../../shared/crypto/keys';

/** The parsed JSON body (415/400 as readJson). */
async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) throw new ApiHttpError(415, 'Content-Type must be application/json');
  try {
    const v = JSON.parse(await c.req.text()) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    throw new ApiHttpError(400, 'Malformed JSON body');
  }
}

/** A login: the name (username, or the account's e-mail), the secret to check, and whether it came as a login secret. */
export interface LoginAttempt {
  username: string;
  secret: string;
  keyed: boolean;
}

export async function readLogin(c: Context): Promise<LoginAttempt> {
  const raw = await jsonBody(c);
  if ('loginSecret' in raw) {
    const b = parseWith(keyedLoginSchema, raw);
    return { username: b.username, secret: b.loginSecret, keyed: true };
  }
  const b = parseWith(loginSchema, raw);
  return { username: b.username, secret: b.password, keyed: false };
}

/**
 * The account a sign-in names: by username, else (an address) by the owner address its owner
 * confirmed (release/owner-email.ts), when exactly one account confirmed it; else null, answered
 * as any unknown name is.
 */
export async function findSignInAccount(accounts: Pick<AsyncAccountStore, 'findByUsername' | 'findByVerifiedEmail'> | AccountStore, identifier: string): Promise<UserRow | null> {
  const byName = await accounts.findByUsername(identifier);
  if (byName || !identifier.includes('@')) return byName ?? null;
  const byEmail = await accounts.findByVerifiedEmail(identifier.trim().toLowerCase());
  return byEmail.length === 1 ? byEmail[0]! : null;
}

/** The refusal of a password sent for an account that has keys. */
export const PASSWORD_NOT_FOR_KEYED = new ApiHttpError(400, 'This account signs in with its keys: update the app (reload the page) and sign in again', [
  { path: 'password', message: 'This account takes a login secret' },
]);

/** A registration: SPEC.md's profile fields, the secret to hash, and the device's new keys (null for an app without keys). */
export interface Registration {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  secret: string;
  keys: NewAccountKeys | null;
}

export async function readRegistration(c: Context): Promise<Registration> {
  const raw = await jsonBody(c);
  if (!('loginSecret' in raw)) {
    const b = parseWith(registerSchema, raw);
    return { firstName: b.firstName, lastName: b.lastName, email: b.email, username: b.username, secret: b.password, keys: null };
  }
  const b = parseWith(keyedRegisterSchema, raw);
  const fields = parseWith(registerProfileSchema, b); // SPEC.md's rules and words for the profile fields
  return { firstName: fields.firstName, lastName: fields.lastName, email: fields.email, username: fields.username, secret: b.loginSecret, keys: await newKeysOf(b.keys, b.kdf) };
}

/** The stored form of a device's new keys (the proof token hashed). */
export async function newKeysOf(keys: { akVersion: number; akPassword: string; akRecovery: string | null; keyring: NewAccountKeys['keyring']; proof: string }, kdf: NewAccountKeys['kdf']): Promise<NewAccountKeys> {
  return { kdf, akVersion: keys.akVersion, akPassword: keys.akPassword, akRecovery: keys.akRecovery, keyring: keys.keyring, proofHash: await proofHash(fromB64url(keys.proof)!) };
}
