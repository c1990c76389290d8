/**
 * KDF parameters for a username that has no account (shared/crypto/README.md "KDF"): the same
 * shape as a real account's, with a salt that is HMAC-SHA256(serverSecret, domain ‖ lower-cased
 * username) cut to 16 bytes. The same unknown name always gets the same salt (asking twice does
 * not reveal that it is unknown) and nobody without the server's secret can tell it from a real
 * account's random salt. Usernames compare case-insensitively (SQLite `COLLATE NOCASE`), so the
 * name is NFKC-normalised, trimmed and lower-cased first, as every identifier is before its lookup
 * (shared/schema/auth.ts NFKC; issue 40: U+212A KELVIN SIGN gets the salt of "k"). Pure: the caller passes the secret (e.g. the session secret).
 */
import { createHmac } from 'node:crypto';
import { ARGON2ID_DEFAULTS, type KdfParams } from '../../shared/crypto/kdf';

const DOMAIN = 'afterword-fake-kdf-salt-v1\0';

/** The KDF parameters answered for unknown `username`, deterministic under `serverSecret` (≥ 32 bytes). */
export function fakeKdfParams(serverSecret: Uint8Array, username: string): KdfParams {
  if (serverSecret.length < 32) throw new RangeError('The server secret must be at least 32 bytes');
  const salt = createHmac('sha256', serverSecret)
    .update(DOMAIN + username.normalize('NFKC').trim().toLowerCase(), 'utf8')
    .digest()
    .subarray(0, 16)
    .toString('base64url');
  return { alg: 'argon2id', v: 1, ...ARGON2ID_DEFAULTS, salt };
}
