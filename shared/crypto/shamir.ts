/**
 * The release secret `Q` split among trustees (README.md "Shamir"): k of n with
 * `shamir-secret-sharing` (privy-io; GF(2^8); audited by Cure53 and Zellic), which refuses k = 1,
 * so for k = 1 every trustee's share is `Q` itself. The server keeps, per share, the commitment
 * SHA-256(account ‖ generation ‖ i ‖ share) (length-prefixed), so a wrong, swapped or corrupted
 * share is named before anything is combined, and a check value (AES-GCM of a constant under a
 * key derived from `Q`) that proves a combined `Q` is the right one. The library does not verify
 * reconstruction and is not constant-time (its README).
 */
import { combine, split } from 'shamir-secret-sharing';
import { buf, bytesEqual, fromB64url, fromHex, lengthPrefixed, sha256, toB64url, toHex, utf8, webRandom, type RandomSource } from './bytes';
import { ShareError } from './errors';

/** One trustee's share: its position `index` (1 … n) and its bytes. */
export interface Share {
  index: number;
  bytes: Uint8Array;
}

/** Who a set of shares belongs to: the account and the kit generation (re-keying makes a new one). */
export interface ShareContext {
  account: string;
  generation: number;
}

/** Splits `q` into `n` shares of which any `k` rebuild it (1 ≤ k ≤ n ≤ 255). */
export async function splitSecret(q: Uint8Array, n: number, k: number): Promise<Share[]> {
  if (!Number.isInteger(n) || !Number.isInteger(k) || k < 1 || n < k || n > 255) throw new RangeError('Need 1 ≤ k ≤ n ≤ 255');
  if (k === 1) return Array.from({ length: n }, (_, i) => ({ index: i + 1, bytes: q.slice() }));
  return (await split(q, n, k)).map((bytes, i) => ({ index: i + 1, bytes }));
}

/** The commitment the server keeps for share `share` (lowercase hex SHA-256). */
export async function commitShare(ctx: ShareContext, share: Share): Promise<string> {
  return toHex(await sha256(lengthPrefixed(['afterword-share-v1', ctx.account, String(ctx.generation), String(share.index), share.bytes])));
}

/**
 * True when `share` is the share committed to by `commitment` (for this account and generation):
 * the server's check of one confirmed share, and a kit page's check of a kit. A share under another
 * index, of another generation or with one changed byte does not match.
 */
export async function shareMatches(ctx: ShareContext, share: Share, commitment: string | undefined): Promise<boolean> {
  if (!commitment || !/^[0-9a-fA-F]{64}$/.test(commitment)) return false;
  return bytesEqual(fromHex(await commitShare(ctx, share)), fromHex(commitment));
}

/**
 * Rebuilds `Q` from at least `k` shares. Each share is checked against `commitments[index]` first:
 * a share with no commitment or another one throws ShareError naming its index (nothing is
 * combined); fewer than `k` distinct shares throw ShareError with index null.
 */
export async function combineShares(shares: readonly Share[], k: number, ctx: ShareContext, commitments: Readonly<Record<number, string>>): Promise<Uint8Array> {
  const seen = new Set<number>();
  for (const share of shares) {
    if (!(await shareMatches(ctx, share, commitments[share.index]))) {
      throw new ShareError(`Share ${share.index} is not the share that was handed out`, share.index);
    }
    seen.add(share.index);
  }
  if (seen.size < k) throw new ShareError(`${k} different shares are needed; ${seen.size} were given`, null);
  const chosen = [...new Map(shares.map((s) => [s.index, s])).values()].slice(0, k);
  return k === 1 ? chosen[0]!.bytes.slice() : combine(chosen.map((s) => s.bytes));
}

const CHECK_PLAIN = utf8('afterword-release-check-v1');

async function checkKey(q: Uint8Array, ctx: ShareContext): Promise<CryptoKey> {
  const ikm = await crypto.subtle.importKey('raw', buf(q), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: buf(lengthPrefixed(['release-check', ctx.account, String(ctx.generation)])) },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** The check value of `q` the server stores (`<nonce>.<ct>` base64url): proves a combined Q, reveals nothing of it. */
export async function makeCheckValue(q: Uint8Array, ctx: ShareContext, random: RandomSource = webRandom): Promise<string> {
  const nonce = random(12);
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: buf(nonce) }, await checkKey(q, ctx), buf(CHECK_PLAIN)));
  return `${toB64url(nonce)}.${toB64url(ct)}`;
}

/** True when `q` is the secret `check` was made from (for this account and generation). */
export async function verifyCheckValue(q: Uint8Array, ctx: ShareContext, check: string): Promise<boolean> {
  const [n, c] = check.split('.');
  const nonce = fromB64url(n ?? '');
  const ct = fromB64url(c ?? '');
  if (!nonce || !ct || nonce.length !== 12) return false;
  try {
    const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buf(nonce) }, await checkKey(q, ctx), buf(ct)));
    return bytesEqual(plain, CHECK_PLAIN);
  } catch {
    return false;
  }
}
