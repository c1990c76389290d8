/**
 * Bodies of the key routes (sync-server/keys/routes.ts; shared/crypto/README.md "Keys"), in
 * zod/mini so the sign-in pages can share them. Every wrapped key is a w1 string (crypto/wrap.ts),
 * the KDF parameters pass checkKdfParams (its floor), the keyring parseStoredKeyring.
 */
import * as z from 'zod/mini';
import { checkKdfParams } from '../crypto/kdf';
import { parseStoredKeyring } from '../crypto/keys';
import { NFKC, registerWithKeysShape } from './auth';

const W1 = /^w1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/;
/** AK wrapped under an unlock key: `w1.<12-byte nonce>.<32 bytes + tag>` in base64url. */
export const wrappedKeySchema = z.string().check(z.regex(W1, 'Not a wrapped key'));
/** base64url of 32 bytes (the login secret, the AK proof token). */
export const secret32Schema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Expected 32 bytes in base64url'));

const fromCheck = <T>(check: (v: unknown) => T, message: string) =>
  z.unknown().check(
    z.refine((v) => {
      try {
        check(v);
        return true;
      } catch {
        return false;
      }
    }, message),
  );

export const kdfSchema = fromCheck(checkKdfParams, 'KDF parameters are invalid or too weak');
export const keyringSchema = fromCheck(parseStoredKeyring, 'Not a keyring');

/** The keys a device made at registration or setup. */
export const newKeysSchema = z.strictObject({
  akVersion: z.literal(1),
  akPassword: wrappedKeySchema,
  akRecovery: wrappedKeySchema,
  keyring: keyringSchema,
  proof: secret32Schema,
});

/** `POST /api/keys/setup` (a legacy account gets keys). */
export const setupKeysSchema = z.strictObject({ loginSecret: secret32Schema, kdf: kdfSchema, keys: newKeysSchema });
/** `PUT /api/keys/keyring`. */
export const putKeyringSchema = z.strictObject({ rev: z.number().check(z.int(), z.minimum(1)), keyring: keyringSchema });
/** An owner copy of a kit generation (shared/crypto/trustee-kit.ts sealOwnerCopy), as the kit routes bound it (256 KiB). */
const ownerCopySchema = z.string().check(z.regex(/^o[0-9]+\./, 'Not an owner copy of kits'), z.maxLength(256 * 1024));

/**
 * `POST /api/keys/rotate` (shared/crypto/rotation.ts RotatedKeys): the AK version, keyring
 * revision and KDF parameters the device read (the compare-and-set), the new wraps, keyring and
 * proof, each live kit generation's owner copy by generation number, and whether to end the
 * account's other sessions (a lost device).
 */
export const rotateKeysSchema = z.strictObject({
  fromAkVersion: z.number().check(z.int(), z.minimum(1)),
  rev: z.number().check(z.int(), z.minimum(1)),
  kdf: kdfSchema,
  akPassword: wrappedKeySchema,
  akRecovery: wrappedKeySchema,
  keyring: keyringSchema,
  proof: secret32Schema,
  // zod drops a `__proto__` key silently: refused first, so no key of the body goes unchecked.
  ownerCopies: z.pipe(z.custom<unknown>((v) => !(typeof v === 'object' && v !== null && Object.hasOwn(v, '__proto__')), { message: 'A generation number' }), z.record(z.string().check(z.regex(/^[1-9][0-9]{0,4}$/, 'A generation number')), ownerCopySchema)),
  endOtherSessions: z.boolean(),
  /** The current password's login secret: a signed-in session alone cannot replace AK (SECURITY.md "Replacing the account key"). */
  loginSecret: secret32Schema,
});

/** The AK version a wrap was made for: the server refuses it (409) when its AK is another (replaced meanwhile). Missing (an app from before rotation) counts as 1. */
const akVersionSchema = z.optional(z.number().check(z.int(), z.minimum(1)));

/** `POST /api/keys/recovery`. */
export const recoverySchema = z.strictObject({ akRecovery: wrappedKeySchema, akVersion: akVersionSchema });
/** `POST /api/keys/recovery/confirmed`: the wrap the typed-back code opened (absent from an older app), so only that kit is marked kept. */
export const recoveryConfirmedSchema = z.strictObject({ akRecovery: z.optional(wrappedKeySchema) });
/** `PUT /api/keys/password-wrap`: after a reset, AK wrapped under the new password, and the KDF parameters that password was derived with. */
export const passwordWrapSchema = z.strictObject({ akPassword: wrappedKeySchema, kdf: kdfSchema });
/** `POST /api/auth/prelogin`. */
export const preloginSchema = z.strictObject({
  identifier: z.string().check(NFKC, z.trim(), z.minLength(1, 'Username or e-mail is required'), z.maxLength(254)),
});

/** `POST /api/auth/login` for an account with keys: the login secret, never the password. */
export const loginSecretSchema = z.strictObject({
  identifier: z.string().check(NFKC, z.trim(), z.minLength(1, 'Username is required'), z.maxLength(254)),
  loginSecret: secret32Schema,
});

/** `POST /api/auth/register` with keys (shared/schema/auth.ts registerWithKeysShape). */
export const registerWithKeysSchema = z.strictObject({ ...registerWithKeysShape, loginSecret: secret32Schema, kdf: kdfSchema, keys: newKeysSchema });

/** Any JSON body, read once and then parsed by the schema its fields call for. */
export const jsonBodySchema = z.unknown();

/** `POST /api/auth/password` for an account with keys: AK re-wrapped under the new password (new salt); the login secrets, never the passwords. */
export const changeKeyedPasswordSchema = z.strictObject({
  currentLoginSecret: secret32Schema,
  loginSecret: secret32Schema,
  kdf: kdfSchema,
  akPassword: wrappedKeySchema,
  akVersion: akVersionSchema,
});

/** The password entered again (re-auth, account deletion) by an account with keys: its login secret. */
export const confirmLoginSecretSchema = z.strictObject({ loginSecret: secret32Schema });
