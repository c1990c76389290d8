/**
 * The name e-mails to an owner's trustees and recipients call them by (issue 38 item 8 d): the
 * profile's plain field `emailName` (shared/crypto/fields.ts), written by the owner's device at
 * registration and whenever the profile's first or last name is saved, because the last name itself
 * is sealed and the server never has it. The owner chooses on the Profile page between their full
 * name (the default for a new account) and their first name only. The server falls back to the
 * first name when an account has none (sync-server/release/service.ts `owner`).
 */

/** How the owner chose to be named in e-mails: "Full name" or "First name only". */
export type EmailNameChoice = 'full' | 'first';

/**
 * The name e-mails use for an owner called `firstName` `lastName` under `choice`: the two trimmed
 * and joined by one space ("Margaret Eleanor Whitfield-Hughes"), or the first name only. Fits the
 * schema's LIMITS.emailName whenever both names fit LIMITS.name. Throws nothing.
 */
export function emailNameOf(firstName: string, lastName: string, choice: EmailNameChoice): string {
  const first = firstName.trim();
  return choice === 'first' ? first : [first, lastName.trim()].filter(Boolean).join(' ');
}

/**
 * The choice a stored profile shows: "Full name" when its `emailName` is more than its first name;
 * "First name only" when it is just the first name, and for an account made before the field
 * (no `emailName`: e-mails name it by the first name until the owner chooses otherwise).
 */
export function emailNameChoiceOf(p: { firstName?: string | null; emailName?: string | null } | null | undefined): EmailNameChoice {
  const name = p?.emailName?.trim();
  return name && name !== (p?.firstName ?? '').trim() ? 'full' : 'first';
}
