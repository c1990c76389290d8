/**
 * The key code's view of the API (web/api/client.ts apiFetch, passed in explicitly so tests drive
 * the real server), and the reading of a compare-and-set conflict's answer. Apart from sign-in.ts
 * so the signed-in screens' key session does not load the sign-in code.
 */
import type { ServerKeys } from '../../../shared/crypto/account-setup';

/** apiFetch's shape: JSON in and out; throws an error with `status` and `bodyText` for a non-OK answer. */
export type Api = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;

/**
 * The winner's keys from a 409 of /api/keys/setup or PUT /api/keys/keyring (both answer
 * `{ current }`; web/api/client.ts ApiError carries the body text), else null.
 */
export function conflictKeys<K = ServerKeys>(err: unknown): K | null {
  const e = err as { status?: number; bodyText?: string };
  if (e?.status !== 409 || !e.bodyText) return null;
  try {
    return (JSON.parse(e.bodyText) as { current?: K }).current ?? null;
  } catch {
    return null;
  }
}
