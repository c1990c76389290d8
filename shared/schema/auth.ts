/**
 * Registration and login schemas (SPEC.md §5 "Registration", "Login"; §7), written with zod/mini
 * (issue #20): the login and register pages import only these, so they never download zod's
 * classic API (~25 KB gzip). The server validates the same bodies with them (readJson), so a rule
 * lives once. The rules mirror common.ts's requiredText and emailSchema: trimmed, single line
 * (SINGLE_LINE), bounded (LIMITS).
 */
import * as z from 'zod/mini';
import { LIMITS, SINGLE_LINE, SINGLE_LINE_MESSAGE } from './common';

/** zod classic's wording for a too-long string, given explicitly (zod/mini loads no locale). */
const tooLong = (max: number) => `Too big: expected string to have <=${max} characters`;

/** Required single-line text: trimmed, not blank, at most `max` characters (common.ts requiredText). */
const requiredLine = (max: number, message: string) =>
  z.string().check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong(max)), z.regex(SINGLE_LINE, SINGLE_LINE_MESSAGE));

/**
 * Identifiers (usernames, sign-in names and addresses) are NFKC-normalised before their rules, so
 * one name has one spelling for every lookup and for the unknown-name salt (issue 40: U+212A KELVIN
 * SIGN is "K"; sync-server/accounts/fake-salt.ts).
 */
export const NFKC = z.normalize('NFKC');

/** An e-mail address (common.ts emailSchema), NFKC-normalised first. */
const email = z.pipe(
  z.string().check(NFKC, z.trim(), z.maxLength(LIMITS.email, tooLong(LIMITS.email)), z.regex(SINGLE_LINE, SINGLE_LINE_MESSAGE)),
  z.email('Invalid email address'),
);

/** A username (SPEC.md §5), NFKC-normalised first; compared without case (the stores look it up so). */
export const usernameSchema = z
  .string()
  .check(
    NFKC,
    z.trim(),
    z.minLength(3, 'Username must be at least 3 characters'),
    z.maxLength(32, 'Username must be at most 32 characters'),
    z.regex(/^[A-Za-z0-9_.-]+$/, 'Username may use letters, numbers, dots, dashes and underscores'),
  );

export const passwordSchema = z
  .string()
  .check(z.minLength(6, 'Password must be at least 6 characters'), z.maxLength(256, 'Password must be at most 256 characters'));

/** `POST /api/auth/register` body (SPEC.md §7: confirmation removed before sending). */
export const registerSchema = z.strictObject({
  firstName: requiredLine(LIMITS.name, 'First name is required'),
  lastName: requiredLine(LIMITS.name, 'Last name is required'),
  email,
  username: usernameSchema,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * `POST /api/auth/register` with keys (shared/crypto/README.md "Keys"): SPEC.md's fields without
 * the password, plus the account id the device chose (its wraps are bound to it), the login secret,
 * the KDF parameters and the keys. The key shapes are checked by shared/schema/keys.ts.
 */
export const registerWithKeysShape = {
  // Only the profile's plain fields (shared/crypto/fields.ts): the device writes the sealed ones (the last name) itself, sealed.
  firstName: registerSchema.def.shape.firstName,
  email,
  username: usernameSchema,
  id: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, 'Expected a UUID')),
};

/** The register form: the body plus a confirmation that must match (SPEC.md §5). */
export const registerFormSchema = z
  .strictObject({ ...registerSchema.def.shape, confirmPassword: z.string() })
  .check(
    z.refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] }),
  );
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** `POST /api/auth/login` body. */
export const loginSchema = z.strictObject({
  username: z.string().check(NFKC, z.trim(), z.minLength(1, 'Username is required'), z.maxLength(64, tooLong(64))),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(256, tooLong(256))),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** `POST /api/auth/forgot-password` body: the address the reset link goes to (only if it is an account's verified one). */
export const forgotPasswordSchema = z.strictObject({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** What the reset page and API say for a link that is unknown, used, expired or whose address changed. */
export const RESET_LINK_INVALID = 'This reset link has expired or was already used. Ask for a new one.';

/** The link's token, as the reset page read it from the fragment (base64url, tokens.ts). */
const resetToken = z.string().check(z.minLength(1, 'This reset link is not valid'), z.maxLength(64, 'This reset link is not valid'));

/**
 * `POST /api/auth/reset-password` body: the link's token and the new credential. An account with
 * keys sends `loginSecret` (base64url of derivePasswordKeys' 32-byte login secret) and `kdf` (the
 * new password's parameters, checked by shared/crypto checkKdfParams on the server); an account
 * made before keys (legacy) sends `password`. Which one the account needs: `/check` below.
 */
export const resetPasswordSchema = z.strictObject({
  token: resetToken,
  password: z.optional(passwordSchema),
  loginSecret: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'The login secret must be 32 bytes of base64url'))),
  kdf: z.optional(z.unknown()),
});
/** `POST /api/auth/reset-password/check` body: is this link live, and which credential does its account take. */
export const resetCheckSchema = z.strictObject({ token: resetToken });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset page's form: the new password and its confirmation (SPEC.md §5's rules, as at registration). */
export const resetPasswordFormSchema = z
  .strictObject({ password: passwordSchema, confirmPassword: z.string() })
  .check(z.refine((v) => v.password === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] }));
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
