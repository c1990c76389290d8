/**
 * What the reset page sends for the new password (POST /api/auth/reset-password). Today the
 * password itself, as sign-in does for an account without keys. When sign-in sends a login secret
 * (contract.md "Sign-in API": shared/crypto `derivePasswordKeys` run in a worker), this one
 * function returns `{ loginSecret, kdf }` instead; the page does not change.
 */
export async function resetCredential(password: string): Promise<{ password: string }> {
  return { password };
}
