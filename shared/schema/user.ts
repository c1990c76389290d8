/**
 * User and profile schemas (SPEC.md §3 "User", "Profile"; §5 "Profile save", "Password form").
 * Registration and login (§5) live in ./auth.ts. zod/mini (./z.ts).
 */
import { LANGUAGES } from '../languages';
import { passwordSchema } from './auth';
import { LIMITS, dateOnlySchema, emailSchema, intBetween, optionalText, requiredText, singleLine, textListSchema, trimmedText } from './common';
import { z } from './z';

export * from './auth';

/** The six selectable values (SPEC.md §3 "Selectable values"). */
export const VALUE_IDS = ['family', 'spirituality', 'nature', 'creativity', 'achievement', 'legacy'] as const;
export const valueIdSchema = z.enum(VALUE_IDS);
export type ValueId = z.infer<typeof valueIdSchema>;

export const emergencyContactSchema = z.object({
  name: singleLine(trimmedText(null, LIMITS.name)),
  phone: singleLine(trimmedText(null, 40)),
});
export type EmergencyContact = z.infer<typeof emergencyContactSchema>;

/**
 * The profile record (one per user, id = user id) as the sync layer stores it. It holds the
 * person's names and email too, so the profile screen and the wizard work offline.
 */
export const profileSchema = z.object({
  firstName: requiredText(LIMITS.name, 'First name is required'),
  lastName: requiredText(LIMITS.name, 'Last name is required'),
  email: emailSchema,
  birthdate: z.nullable(dateOnlySchema),
  values: z.array(valueIdSchema).check(z.maxLength(VALUE_IDS.length)),
  beliefs: optionalText(LIMITS.text),
  contactEmail: z.nullable(emailSchema),
  emergencyContact: z.nullable(emergencyContactSchema),
  healthInfo: optionalText(LIMITS.text),
  profileCompletion: intBetween(0, 100),
  /**
   * The name e-mails to the owner's trustees and recipients call them by (beyond SPEC.md, issue 38
   * item 8 d): plain, so the server can read it; the owner's device writes it (shared/profile-email-name.ts).
   * Null for an account that never saved one: e-mails then use the first name.
   */
  emailName: optionalText(LIMITS.emailName),
  /**
   * Links others shared with this person that they kept in their account (beyond SPEC.md, issue 43
   * "or in their own account"): a list field, one item per link, each the JSON of shared/kept-share.ts
   * (the share's token and key), sealed under the account's `owner` scope like every sealed field,
   * so it reaches all the person's devices and the server never reads it (docs/sharing.md).
   */
  keptShares: textListSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/** A language of the app (shared/languages.ts, issue 44), e.g. 'es'. */
export const languageSchema = z.enum(LANGUAGES);

/**
 * The user object of `GET /api/user/profile`, login and register (SPEC.md §3 "User", §7), and the
 * account's language (issue 44, beyond SPEC.md: an account column, not a profile field).
 */
export const userSchema = z.extend(z.omit(profileSchema, { keptShares: true }), {
  id: z.string(),
  username: z.string(),
  createdAt: z.string(),
  language: z.optional(languageSchema),
});

/** `PUT /api/user/language` body (issue 44): the account's language. */
export const languagePutSchema = z.strictObject({ language: languageSchema });
export type User = z.infer<typeof userSchema>;

/**
 * `PATCH /api/user/profile` body: any subset of the profile's fields (SPEC.md §7: the wizard
 * steps send their fields; the profile screen sends firstName, lastName, email).
 */
export const profilePatchSchema = z.strictObject(z.partial(profileSchema).shape);
export type ProfilePatch = z.infer<typeof profilePatchSchema>;

/** `POST /api/auth/password` body (beyond SPEC.md, DESIGN.md §3). */
export const changePasswordSchema = z.strictObject({
  currentPassword: z.string().check(z.minLength(1, 'Current password is required'), z.maxLength(256)),
  newPassword: passwordSchema,
});

/** `POST /api/auth/delete-account` body: the person confirms with their password. */
export const deleteAccountSchema = z.strictObject({
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(256)),
});

/** `POST /api/auth/confirm-password` body: the password entered again for a sensitive action. */
export const confirmPasswordSchema = deleteAccountSchema;

export { REAUTH_REQUIRED } from './reauth';
/**
 * A session made by a password reset before its device proved it holds the account key (issue
 * "A reset cannot steer the release", issue 40 item 3): it may read but change nothing, and each
 * change is refused with this (403, or a sync rejection).
 */
export const PROOF_REQUIRED =
  'After a password reset, nothing can be changed until this device has opened your words with your recovery code or from a device where you are still signed in. If your account was made before Afterword sealed what you write, sign in on a browser you used before the reset.';
