/**
 * The release escrow (SECURITY.md "Release escrow"): the server-held gate of the release until
 * trustees' key shares replace it. A person's device deposits its messages' keys, the only ones
 * it hands out (to recipients' links; a trustee's level opens only with their kit)
 * (`PUT /api/release/escrow`, escrow/routes.ts); the server wraps each at once under a subkey of
 * the release key (release-key.ts), which lives outside the database, and stores only the wraps.
 * It opens an account's escrow only in the release state `released`, and only to hand keys to the
 * release pages. So the database and its backups alone reveal no key, before or after a release; a
 * running server's operator still could (SECURITY.md says so).
 *
 * The deposit shows the scope keys to the server once, in that request: it is never logged (the
 * server logs no request body) and the canary scan looks for the keys everywhere else.
 */
import { parseKid } from '../../../shared/crypto/kid';
import { releasedKid } from '../../../shared/release/released-keys';
import { UnwrapError } from '../../../shared/crypto/errors';
import { unwrapKey, wrapKey } from '../../../shared/crypto/wrap';
import type { AsyncEscrowStore } from './escrow-store';
import { checkReleaseKey, releaseSubkey, type ReleaseKey } from './release-key';

const ESCROW_FORMAT = 1;
const ctx = (userId: string, kid: string) => ({ userId, purpose: 'escrow', id: kid });

/** The escrow was asked for while the account is not released: nothing opens. */
export class EscrowClosedError extends Error {}

export interface EscrowService {
  /**
   * Resolves once the release key matched the database's check value (stored on first start) and
   * every escrow keeps messages' keys only (escrow-store.ts keepMessageKeysOnly: devices before
   * the gate deposited the trustees' level keys too); rejects when the key does not match: main.ts
   * awaits it before listening, and every method below waits for it (and fails too).
   */
  ready: Promise<void>;
  /**
   * Replaces the account's escrow with `keys` (kid → 32 raw bytes, messages' keys only:
   * shared/release/released-keys.ts); resolves false, writing nothing, once the escrow has ended
   * (escrow-store.ts put). Throws TypeError for a bad kid or key, or a key that is not a message's.
   */
  deposit(userId: string, keys: ReadonlyMap<string, Uint8Array>): Promise<boolean>;
  /** Deletes the account's escrow at its owner's request (escrow-store.ts remove); resolves whether there was one. */
  remove(userId: string): Promise<boolean>;
  /** What was deposited (how many keys, when, ms), never the keys; null when nothing was. */
  status(userId: string): Promise<{ keyCount: number; updatedAt: number; kids: string[] } | null>;
  /**
   * The account's escrowed keys, only when its release state is `released` (else EscrowClosedError);
   * null when its devices deposited none. Throws UnwrapError if a stored wrap does not open (never
   * a silently missing key). With `want`, only the keys whose id it accepts are unwrapped (a page
   * needs a few of up to thousands: release/release-keys.ts).
   */
  openReleased(userId: string, want?: (kid: string) => boolean): Promise<Map<string, Uint8Array> | null>;
}

/**
 * Builds the escrow over `store`; `ready` checks `key` against the stored check value (and the
 * server must not start when it differs). `phase(userId)` is the account's release phase.
 */
export function createEscrow(key: ReleaseKey, store: AsyncEscrowStore, phase: (userId: string) => Promise<string>, now: () => number): EscrowService {
  // An escrow an older device left holds more than messages' keys: gone before any escrow is read.
  const ready = checkReleaseKey(key, { readCheck: () => store.readCheck(), writeCheck: (v) => store.writeCheck(v, now()) }).then(async () => void (await store.keepMessageKeysOnly()));
  ready.catch(() => {}); // reported by whoever awaits `ready` (main.ts) or a method, never as an unhandled rejection
  const subkey = ready.then(() => releaseSubkey(key.raw, 'escrow'));
  subkey.catch(() => {});
  const parse = (json: string) => JSON.parse(json) as { v: number; keys: Record<string, string> };
  return {
    ready,
    async deposit(userId, keys) {
      const escrowKey = await subkey;
      const wrapped: Record<string, string> = {};
      for (const [kid, raw] of keys) {
        if (!parseKid(kid)) throw new TypeError(`${kid} is not a key id`);
        // Messages' keys only: a trustee's level opens only with their kit (shared/release/released-keys.ts).
        if (!releasedKid(kid)) throw new TypeError(`${kid} is not a message's key: the escrow keeps no other`);
        wrapped[kid] = await wrapKey(escrowKey, raw, ctx(userId, kid));
      }
      return store.put(userId, { keys: JSON.stringify({ v: ESCROW_FORMAT, keys: wrapped }), keyCount: keys.size, updatedAt: now() });
    },
    async remove(userId) {
      await ready;
      return store.remove(userId);
    },
    async status(userId) {
      await ready;
      const row = await store.get(userId);
      return row && { keyCount: row.keyCount, updatedAt: row.updatedAt, kids: Object.keys(parse(row.keys).keys).sort() };
    },
    async openReleased(userId, want = () => true) {
      if ((await phase(userId)) !== 'released') throw new EscrowClosedError('The escrow opens only after the release');
      const escrowKey = await subkey; // after `ready`: the escrow keeps messages' keys only
      const row = await store.get(userId);
      if (!row) return null;
      const stored = parse(row.keys);
      if (stored.v !== ESCROW_FORMAT) throw new UnwrapError(`Escrow format ${stored.v} is unknown`);
      const out = new Map<string, Uint8Array>();
      for (const [kid, w] of Object.entries(stored.keys)) if (want(kid)) out.set(kid, await unwrapKey(escrowKey, w, ctx(userId, kid)));
      return out;
    },
  };
}
