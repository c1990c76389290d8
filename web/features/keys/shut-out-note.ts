/**
 * What this device did that shut the owner's other devices out (security review F7): it replaced
 * the account key, replaced it after a lost device (other devices signed out too), or changed the
 * password (other devices signed out). Kept per account in localStorage (a date and why: no ids, no
 * words) until the owner has answered what it means for them; Settings' sharing timeline asks
 * which shares made before are still live (web/features/sharing/share-review.ts). Never decides
 * anything by itself.
 */

/** What shut the other devices out. */
export type ShutOutReason = 'key-replaced' | 'lost-device' | 'signed-out';

/** The note this device keeps for an account: since when (ISO 8601), and why. */
export interface OthersShutOut {
  since: string;
  why: ShutOutReason;
}

/** Where the note is kept (the browser's localStorage has these). */
type NoteStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const REASONS: readonly string[] = ['key-replaced', 'lost-device', 'signed-out'] satisfies ShutOutReason[];
const keyOf = (account: string) => `afterword:share-review:${account}`;

/** This page's localStorage, or null where there is none or it cannot be reached. */
function pageStorage(): NoteStorage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

/** Notes that `account`'s other devices were shut out at `at`, and why (never throws: a storage that refuses keeps nothing). */
export function noteOthersShutOut(account: string, why: ShutOutReason, at: Date = new Date(), storage: NoteStorage | null = pageStorage()): void {
  try {
    storage?.setItem(keyOf(account), JSON.stringify({ since: at.toISOString(), why } satisfies OthersShutOut));
  } catch {
    // full or refused: nothing is kept, nothing asked
  }
}

/** The note kept for `account`, or null (none, or a damaged one). */
export function othersShutOutOf(account: string, storage: NoteStorage | null = pageStorage()): OthersShutOut | null {
  try {
    const v = JSON.parse(storage?.getItem(keyOf(account)) ?? 'null') as Partial<OthersShutOut> | null;
    if (!v || !REASONS.includes(v.why as string) || typeof v.since !== 'string' || Number.isNaN(Date.parse(v.since))) return null;
    return { since: v.since, why: v.why as ShutOutReason };
  } catch {
    return null;
  }
}

/** Forgets the note for `account` (the owner answered: stopped the shares, or kept them). */
export function forgetOthersShutOut(account: string, storage: NoteStorage | null = pageStorage()): void {
  try {
    storage?.removeItem(keyOf(account));
  } catch {
    // nothing kept to forget
  }
}
