/**
 * What a released plan means, in the owner's words (Settings' readiness card, the Notifications
 * menu): the trustees were told, and each message goes the way its owner chose — on its date if it
 * has one, by Afterword's e-mail or by the trustee chosen to hand it over (shared/delivery-rule.ts,
 * README.md "How each message reaches its recipient"). Not "sent" nor "given access": a dated
 * message waits, a hand-over is the trustee's, and without trustee kits in use trustees open
 * nothing sealed (shared/release/without-kits.ts).
 */
export const RELEASED_WORDS = 'your trustees were told, and your messages reach their recipients as you chose, each on its date if it has one';

/**
 * The waiting-period banner's sentence (ReleaseBanner.tsx): what happens when the period ends on
 * `when` (words), in the owner's e-mails' terms (sync-server/release/emails.ts) — with trustee kits
 * in use the end of the wait asks the trustees to confirm first (release/state-machine.ts).
 */
export const waitingEndsText = (when: string): string =>
  `Unless you cancel it, the waiting period ends on ${when}, and your plan is then released as you set it up: your messages reach the people you wrote them for, and your trustees are told (if your trustee kits are in use, enough of your trustees must first confirm with their kits).`;
