/**
 * What the owner of a sealed account is told, before it happens, while fewer than k trustees hold
 * kits in force (issue "Release through trustees' key shares", "Fewer than k kits. Said honestly
 * before it happens (setup, readiness panel)" and constraint "The escrow ends"): nothing sealed is
 * released to trustees without kits (sync-server/release/release-keys.ts hands a trustee's page no
 * key), while messages still go out by the escrow. The same words on the readiness panel
 * (sync-server/release/readiness.ts), the Trustee kits section and its setup (web/features/
 * trustees/kits/kit-plan.ts) and the rehearsal (web/features/rehearsal/).
 */

/**
 * The sentence for `k` kits needed (null: no kits made yet). Messages are named as they go today:
 * until kits are in force every message, whatever its choice, is e-mailed by Afterword.
 */
export function withoutKitsText(k: number | null): string {
  // Kits handed over, not trustees: the executor kit, put away by the owner, counts as one (SECURITY.md "The executor kit").
  const until =
    k === null
      ? 'Until your trustees hold trustee kits, they'
      : k === 1
        ? 'Until one of your kits has been handed over, your trustees'
        : `Until ${k} of your kits have been handed over, your trustees`;
  return `${until} will not be able to open your plan, documents and tasks after your death: what you sealed opens only with kits, and no one, not even Afterword, can open it for them. Your messages still reach the people they are for: Afterword e-mails each one a private link.`;
}

/**
 * Why a sealed account's trustees cannot open what was sealed after a release without kits in
 * force, in the trustee's e-mail (sync-server/release/emails.ts NO_KITS_EMAIL_LINE): `kitsMade`
 * false when the owner never made trustee kits (issue 38 item 8: "fewer trustees held kits than
 * were needed" was untrue then), true when kits were made but fewer than needed were handed over.
 * `owner`: the owner's name as the e-mail calls them. Pronoun-free (issue 38 item 8).
 */
export function whySealedStaysShut(owner: string, kitsMade: boolean): string {
  const why = kitsMade ? 'but fewer trustees kept their kits than were needed' : 'but no trustee kits were made';
  return `It was sealed on ${owner}’s own devices so that only trustees holding trustee kits could open it, ${why}, so neither you nor Afterword can open it.`;
}
