/**
 * User and profile schemas (SPEC.md §3 "User", "Profile"; §5 "Profile save", "Password form").
 * Registration and login (§5) live in ./auth.ts. zod/mini (./z.ts).
 */
import { passwordSchema } from './auth';
import { LIMITS, dateOnlySchema, emailSchema, intBetween, optionalText, requiredText, singleLine, trimmedText } from './common';
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
});
export type Profile = z.infer<typeof profileSchema>;

/** The user object of `GET /api/user/profile`, login and register (SPEC.md §3 "User", §7). */
export const userSchema = z.extend(profileSchema, {
  id: z.string(),
  username: z.string(),
  createdAt: z.string(),
});
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

/**
 * The `error` of the 403 a sensitive action answers when the password was not entered in the
 * last few minutes (sync-server/accounts/reauth.ts): the app asks for it and tries again.
 */
export const REAUTH_REQUIRED = 'Please enter your password again to continue.';
/**
 * A session made by a password reset before its device proved it holds the account key (issue
 * "A reset cannot steer the release", issue 40 item 3): it may read but change nothing, and each
 * change is refused with this (403, or a sync rejection).
 */
export const PROOF_REQUIRED =
  'After a password reset, nothing can be changed until this device has opened your words with your recovery code or from a device where you are still signed in. If your account was made before Afterword sealed what you write, sign in on a browser you used before the reset.';
