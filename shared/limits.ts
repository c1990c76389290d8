/**
 * Limits that keep one account from harming others (issue #15), enforced on every path.
 * Self-hosters may change the numbers; the defaults are generous for a real person.
 */

/**
 * Trustee invitation e-mails sent per account in any 24 hours (rolling). More wait in the
 * queue for the next day: a real person's list goes out at once, 200 spam trustees do not.
 */
export const invitationsPerDay = 20;

/**
 * Resends per account in any 24 hours (rolling): the owner resending an invitation from
 * Settings and a messages-only trustee resending a message's link, together. Past it: 429.
 */
export const resendsPerDay = 10;
