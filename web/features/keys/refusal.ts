/**
 * A refusal of a server's answer (issue 39 "No back door"; SECURITY.md "What this device pins"):
 * the action stops, nothing is sent, and the person reads its words (refusal-words.ts). Kept free
 * of the words and of imports, so the sign-in pages and dialogs can show a refusal without loading them.
 */

/** A server answer this device will not obey (no keys for an account it knows has them, a weaker KDF, an older account key). */
export class DeviceRefusal extends Error {
  override name = 'DeviceRefusal';
}

/** The words of `err` when it is a DeviceRefusal, else null (the caller shows its usual message). */
export function refusalWords(err: unknown): string | null {
  return (err as { name?: unknown } | null)?.name === 'DeviceRefusal' ? (err as Error).message : null;
}
