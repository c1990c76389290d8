/**
 * The reset link's check (POST /api/auth/reset-password/check, accounts/password-reset-routes.ts), read as
 * an untrusted answer: reset-credential.ts judges it against this device's pin. Apart from it so
 * the public reset page loads this much at once and the key code only when the person submits.
 */
import type { Api } from '../keys';

/** What the link's check answered, unchecked: the account it resets and its KDF parameters (null: no keys). */
export interface ResetLink {
  userId: string;
  kdf: unknown;
}

/**
 * POST /api/auth/reset-password/check for `token` (not used up): the account and its KDF as the
 * server says (`kdf` null or missing reads as "no keys"). Throws the API's error for a dead link,
 * or an Error when the answer names no account.
 */
export async function checkResetLink(api: Api, token: string): Promise<ResetLink> {
  const answer = await api<{ userId?: unknown; kdf?: unknown }>('/api/auth/reset-password/check', { body: { token } });
  if (typeof answer.userId !== 'string' || !answer.userId) throw new Error('Your server did not say which account this link is for. Nothing was sent.');
  return { userId: answer.userId, kdf: answer.kdf ?? null };
}
