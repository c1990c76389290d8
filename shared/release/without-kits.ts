/**
 * What the owner of a sealed account is told, before it happens, while fewer than k trustees hold
 * kits in force (issue "Release through trustees' key shares", "Fewer than k kits. Said honestly
 * before it happens (setup, readiness panel)" and constraint "The escrow ends"): nothing sealed is
 * released to trustees without kits (sync-server/release/release-keys.ts hands a trustee's page no
 * key), while messages still go out by the escrow. The same words on the readiness panel
 * (sync-server/release/readiness.ts, said from the `server-words` catalog's
 * `serverWords.missing.withoutKits` since issue 44; sealed-without-kits.test.ts compares them),
 * the Trustee kits section and its setup (web/features/trustees/kits/kit-plan.ts) and the
 * rehearsal (web/features/rehearsal/).
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

/**
 * The same as withoutKitsText in plain words first (issue 38 item 8: the Trustee kits section, read
 * by the person it is for), with the detail to show behind "How this works": why nothing sealed
 * opens, and how the messages still go (the escrow).
 */
export function withoutKitsWords(k: number | null): { text: string; detail: string } {
  return {
    text: `${untilKits(k)} will not be able to open your plan, documents and tasks after your death. Your messages still reach the people they are for.`,
    detail:
      'What you sealed opens only with kits: no one, not even Afterword, can open it for your trustees. Your messages are different: when the waiting period ends, Afterword e-mails each person a private link to theirs by itself, using a spare copy of your messages’ keys that it keeps until enough kits are handed over (this copy is called the escrow). No trustee has to confirm anything first.',
  };
}
