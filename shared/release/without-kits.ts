/**
 * What the owner of a sealed account is told, before it happens, while fewer than k trustees hold
 * kits in force (issue "Release through trustees' key shares", "Fewer than k kits. Said honestly
 * before it happens (setup, readiness panel)" and constraint "The escrow ends"): nothing sealed is
 * released to trustees without kits (sync-server/release/release-keys.ts hands a trustee's page no
 * key), while messages still go out by the escrow. Since issue 44 the screens say it from their
 * catalogs in the owner's language: the readiness panel from `serverWords.missing.withoutKits`
 * (sync-server/release/readiness.ts; sealed-without-kits.test.ts compares this English with it),
 * the Trustee kits section from `trusteeKits.notice.noKits` (kit-plan.ts) and the rehearsal from
 * `rehearsal.noKits`. This sentence is that English, kept for the test that compares them.
 */

/**
 * The sentence for `k` kits needed (null: no kits made yet). Messages are named as they go today:
 * until kits are in force every message, whatever its choice, is e-mailed by Afterword.
 */
export function withoutKitsText(k: number | null): string {
  return `${untilKits(k)} will not be able to open your plan, documents and tasks after your death: what you sealed opens only with kits, and no one, not even Afterword, can open it for them. Your messages still reach the people they are for: Afterword e-mails each one a private link.`;
}

/** "Until … your trustees", for `k` kits needed (null: none made yet). */
function untilKits(k: number | null): string {
  // Kits handed over, not trustees: the executor kit, put away by the owner, counts as one (SECURITY.md "The executor kit").
  return k === null
    ? 'Until your trustees hold trustee kits, they'
    : k === 1
      ? 'Until one of your kits has been handed over, your trustees'
      : `Until ${k} of your kits have been handed over, your trustees`;
}
