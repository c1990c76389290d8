/**
 * Single-purpose, expiring links (DESIGN.md §8): a 256-bit random token, base64url in the link,
 * stored only as its sha-256. A token answers only for its own purpose, before its expiry, and
 * while not revoked; anything else is indistinguishable from "no such token" (callers 404).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { TokenPurpose, TokenRow } from './store/sqlite-release';
import type { AsyncReleaseStore } from './store/release-store';
import { DAY_MS } from './state-machine';

/** A report link lasts as long as its trustee does (revoked on removal or re-addressing, issue #16). */
const FOREVER = Number.MAX_SAFE_INTEGER;

/** How long each kind of link works. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  invite: 14 * DAY_MS,
  report: FOREVER,
  access: 90 * DAY_MS,
  delivery: 365 * DAY_MS,
  cancel: 31 * DAY_MS, // capped by the waiting period's end when minted
  verify: 3 * DAY_MS, // the owner's profile address (release/owner-email.ts)
  'check-in': 14 * DAY_MS, // a reminder's "I'm here": through the reminders of one lapse
  reset: 30 * 60_000, // a forgotten password's link (accounts/password-reset-routes.ts): 30 minutes, once
};

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Mints a token for `purpose` about `subjectId`; returns the raw token (only ever put in a link). */
export async function mintToken(
  store: Pick<AsyncReleaseStore, 'insertToken'>,
  t: { userId: string; purpose: TokenPurpose; subjectId: string; now: number; expiresAt?: number; addr?: string | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.insertToken({
    hash: hashToken(token),
    user_id: t.userId,
    purpose: t.purpose,
    subject_id: t.subjectId,
    created_at: t.now,
    expires_at: t.expiresAt ?? Math.min(FOREVER, t.now + TOKEN_TTL_MS[t.purpose]),
    addr: t.addr ?? null,
  });
  return token;
}

/**
 * The token for `t` derived from `secret` and `seed` (e.g. a kit's token) for the current window of
 * its purpose's lifetime (TOKEN_TTL_MS): the same token while that window lasts, stored once, so a
 * link asked for again and again adds one row per window, not one per request. It lives until the
 * end of the next window. Resolves the raw token (only ever put in a link or a page's answer).
 */
export async function stableToken(
  store: Pick<AsyncReleaseStore, 'insertToken' | 'tokenByHash'>,
  secret: Uint8Array,
  seed: string,
  t: { userId: string; purpose: TokenPurpose; subjectId: string; now: number },
): Promise<string> {
  const ttl = TOKEN_TTL_MS[t.purpose];
  const window = Math.floor(t.now / ttl);
  const token = createHmac('sha256', secret).update(`afterword-stable-token-v1\0${t.purpose}\0${seed}\0${window}`).digest('base64url');
  const hash = hashToken(token);
  if (await store.tokenByHash(hash)) return token;
  const row = { hash, user_id: t.userId, purpose: t.purpose, subject_id: t.subjectId, created_at: t.now, expires_at: (window + 2) * ttl, addr: null };
  try {
    await store.insertToken(row);
  } catch (err) {
    if (!(await store.tokenByHash(hash))) throw err; // else another request stored it first
  }
  return token;
}

/** The live token row for `token` and `purpose` at `now`, or null (malformed, unknown, other purpose, expired, revoked). */
export async function resolveToken(
  store: Pick<AsyncReleaseStore, 'tokenByHash'>,
  token: string,
  purpose: TokenPurpose,
  now: number,
): Promise<TokenRow | null> {
  if (!TOKEN_RE.test(token)) return null;
  const row = await store.tokenByHash(hashToken(token));
  if (!row || row.purpose !== purpose || row.revoked_at !== null || now >= row.expires_at) return null;
  return row;
}
