/**
 * The English words of a sealed account's trustee e-mails, written out as literal text (as the
 * e-mails said them before they moved onto the catalogs, emails.ts at 5853cf15), so a test that
 * looks for them in a real e-mail fails when the catalog's English wording changes
 * (web/i18n/catalogs/en/mail.json `mail.access.noKits`, `mail.access.noOwnKit`, `mail.invite.kitsOnly`).
 * Used by sealed-without-kits, pg-sealed-without-kits and rehearsal tests.
 */

/**
 * The access e-mail's words for a sealed account released with fewer than k trustee kits in force:
 * nothing sealed opens, and what can still be done. `kitsMade` false when the owner never made kits.
 */
export const NO_KITS_EMAIL_LINE = (owner: string, kitsMade: boolean) =>
  `What ${owner} sealed for trustees (the plan, documents and tasks) cannot be opened. It was sealed on ${owner}’s own devices so that only trustees holding trustee kits could open it, ${kitsMade ? 'but fewer trustees kept their kits than were needed' : 'but no trustee kits were made'}, so neither you nor Afterword can open it. The messages ${owner} wrote to people are still sent to them by e-mail. If ${owner} left a recovery kit (a printed page with a recovery code) with the family papers, it opens the account together with its e-mail address: choose “Forgot password?” on Afterword’s sign-in page.`;

/** The access e-mail's words after a release through kits, for a trustee who holds no kit. */
export const NO_OWN_KIT_EMAIL_LINE = (owner: string) =>
  `${owner} gave you no trustee kit (perhaps you were named after the kits were made), and what ${owner} left opens only with a kit. A trustee who holds a kit with full access can open it with that kit and share with you what you need. The messages ${owner} wrote to people still reach them.`;

/** A sealed account's trustee invitation: what was sealed opens only with a kit the owner gives them. */
export const KITS_ONLY_INVITE_LINE = (owner: string) =>
  `What ${owner} seals on Afterword opens only with a trustee kit, which ${owner} gives you in person or by e-mail: without enough kits among the trustees it cannot be opened, though ${owner}’s messages still reach the people they are for.`;
