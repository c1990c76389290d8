/**
 * Request bodies of the key routes (keys/routes.ts; shared/crypto/README.md "Keys", "KDF"). The
 * server checks only shapes: it can open none of these. A login secret is the 32-byte half of the
 * password's derivation (kdf.ts), base64url; wraps are `w1` strings of a 256-bit key (wrap.ts).
 */
import { z } from 'zod';
import * as zm from 'zod/mini';
import { fromB64url } from '../../shared/crypto/bytes';
import { CryptoError } from '../../shared/crypto/errors';
import { checkKdfParams, type KdfParams } from '../../shared/crypto/kdf';
import { parseStoredKeyring, type StoredKeyring } from '../../shared/crypto/keys';
import { registerSchema as registerMini } from '../../shared/schema';

const bytes32 = (what: string) => z.string().refine((s) => fromB64url(s)?.length === 32, `must be ${what} (32 bytes, base64url)`);

/** The login secret: what the device sends in place of the password. */
export const loginSecretSchema = bytes32('the login secret');

/** A 256-bit key wrapped under another (`w1.<12-byte nonce>.<48-byte ct‖tag>`). */
export const wrappedKeySchema = z.string().regex(/^w1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/, 'must be a wrapped 256-bit key (w1)');

/** A schema whose value is `parse`'s result; a CryptoError it throws becomes the issue's message. */
function checkedBy<T>(parse: (v: unknown) => T, fallback: string) {
  return z.unknown().transform((v, ctx): T => {
    try {
      return parse(v);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: err instanceof CryptoError ? err.message : fallback });
      return z.NEVER;
    }
  });
}

/** KDF parameters within the floor and ceiling of kdf.ts (a hostile device cannot store weak ones). */
export const kdfSchema = checkedBy<KdfParams>(checkKdfParams, 'Invalid KDF parameters');

/** A keyring as the server stores it (keys.ts parseStoredKeyring). */
export const keyringSchema = checkedBy<StoredKeyring>(parseStoredKeyring, 'Invalid keyring');

/** A new account's keys as the first device made them. */
export const newKeysSchema = z.strictObject({
  akVersion: z.literal(1),
  akPassword: wrappedKeySchema,
  akRecovery: wrappedKeySchema.nullable(),
  keyring: keyringSchema,
  /** The AK proof token (keys.ts akProofToken): the server keeps its hash only. */
  proof: bytes32('the AK proof token'),
});

const { password: _password, ...registerFields } = registerMini.def.shape;
/** SPEC.md's register fields with their rules and words (shared/schema/auth.ts), without the password. */
export const registerProfileSchema = zm.object(registerFields);
/** `POST /api/auth/register` of a device that makes keys: SPEC.md's fields, the login secret in place of the password. */
export const keyedRegisterSchema = z.strictObject({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
  loginSecret: loginSecretSchema,
  kdf: kdfSchema,
  keys: newKeysSchema,
});

/** `POST /api/auth/login` with keys: the username or the account's e-mail, and the login secret. */
export const keyedLoginSchema = z.strictObject({
  username: z.string().trim().min(1, 'Username is required').max(254),
  loginSecret: loginSecretSchema,
});

export const preloginSchema = z.strictObject({ identifier: z.string().trim().min(1, 'Username is required').max(254) });

/** `POST /api/keys/setup`: an account made before keys gets them (its password was just entered). */
export const setupSchema = z.strictObject({ loginSecret: loginSecretSchema, kdf: kdfSchema, keys: newKeysSchema });

export const putKeyringSchema = z.strictObject({ rev: z.number().int().min(1), keyring: keyringSchema });

/** `POST /api/keys/password`: the current login secret, and the new one with AK wrapped under the new password. */
export const keyedPasswordSchema = z.strictObject({ currentLoginSecret: loginSecretSchema, loginSecret: loginSecretSchema, kdf: kdfSchema, akPassword: wrappedKeySchema });

export const recoverySchema = z.strictObject({ akRecovery: wrappedKeySchema });
