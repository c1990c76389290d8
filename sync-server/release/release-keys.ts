/**
 * Which keys a release hands out, and to whom (SECURITY.md "Release escrow"; shared/crypto/
 * README.md "Keys"). The escrow (escrow/escrow.ts) opens only in the release state `released`,
 * and only here:
 *
 * - a recipient's delivery e-mail: its message's key (`msg:<id>`, every version the record's
 *   envelopes use), put in the link's FRAGMENT when the e-mail is made (outbox.ts), so it never
 *   reaches the server in a request, a log or a Referer; with trustee kits, opened with the
 *   released Q and the message's gate (kits/message-keys.ts), and never for a message a trustee
 *   hands over;
 *
 * Nothing else: a trustee's page never gets a key from the escrow. A trustee's level opens only with
 * their own kit, in their browser (web/release/kit/), so with fewer than k kits in force nothing
 * sealed is released to trustees (issue "Release through trustees' key shares", constraint "The
 * escrow ends"; SECURITY.md "The escrow until k kits"). The escrow is asked only for message keys.
 *
 * An account that is not sealed gets null (its records are plaintext as before); a sealed account
 * whose devices deposited nothing gets no fragment: its recipients' pages say the content cannot be
 * opened here, and why.
 */
import { toB64url } from '../../shared/crypto/bytes';
import { parseEnvelope } from '../../shared/crypto/envelope';
import { messageScope, parseKid } from '../../shared/crypto/kid';
import { releasedKid } from '../../shared/release/released-keys';
import type { ServerRecord } from '../../shared/sync';
import type { EscrowService } from './escrow/escrow';
import type { KeyStore } from '../keys';

/** Keys handed to one page or link: kid → base64url raw key; `missing` when the account deposited no escrow. */
export interface HandedKeys {
  keys: Record<string, string>;
  missing: boolean;
}

export interface ReleaseKeys {
  /** True when `userId`'s records are sealed (account_keys.sealed_at is set). */
  sealed(userId: string): Promise<boolean>;
  /**
   * The fragment of a delivery link for message `record` (`<kid>.<key>` pairs joined by `,`), or
   * null when the account is not sealed or holds no key for it. Throws EscrowClosedError before
   * the release (the caller sends no delivery then anyway).
   */
  deliveryFragment(userId: string, record: ServerRecord | null): Promise<string | null>;
  /**
   * For the owner's readiness: how many messages' keys the escrow would hand out (released-keys.ts)
   * are in the account's keyring but not in its escrow (key ids only: nothing is opened). 0 when
   * the account is not sealed.
   */
  undeposited(userId: string): Promise<number>;
}

/**
 * The English of the readiness line for `n` messages' keys that no device deposited (SECURITY.md
 * "Release escrow"), as it was written before issue 44. The line itself is now said from the
 * `server-words` catalog (`serverWords.missing.undeposited`, readiness.ts); the tests compare the two.
 */
export const UNDEPOSITED_TEXT = (n: number) =>
  `Your account is sealed on your devices, and ${n === 1 ? 'one key' : `${n} keys`} your messages need at a release ${n === 1 ? 'has' : 'have'} not been left with Afterword yet: without ${n === 1 ? 'it' : 'them'}, nobody could open ${n === 1 ? 'that message' : 'those messages'}. Open Afterword on one of your devices, signed in, to leave ${n === 1 ? 'it' : 'them'}.`;

/**
 * The English of the readiness line for `n` messages the kits in force cannot open yet
 * (kits/message-keys.ts unbound), as it was written before issue 44; the line itself is now
 * `serverWords.missing.unbound` (readiness.ts), and the tests compare the two.
 */
export const UNBOUND_TEXT = (n: number) =>
  `${n === 1 ? 'One of your messages has' : `${n} of your messages have`} not been tied to your trustee kits yet: at a release, ${n === 1 ? 'its recipient' : 'their recipients'} could not open ${n === 1 ? 'it' : 'them'}. Open Afterword on one of your devices, signed in, to tie ${n === 1 ? 'it' : 'them'}.`;

/** Every key id the sealed fields of `record` name (envelopes are `v1.<kid>.<nonce>.<ct>`). */
function kidsOf(record: ServerRecord): Set<string> {
  const out = new Set<string>();
  for (const v of Object.values(record.values)) {
    if (typeof v !== 'string' || !v.startsWith('v1.')) continue;
    try {
      out.add(parseEnvelope(v).kid);
    } catch {
      // not an envelope: a plain field
    }
  }
  return out;
}

/** Encodes handed keys as a URL fragment `<kid>.<key>,…` (neither a kid nor base64url holds `.` or `,`; `~` and `:` are fragment-safe). */
export const fragmentOf = (keys: Record<string, string>): string =>
  Object.entries(keys)
    .map(([kid, key]) => `${kid}.${key}`)
    .join(',');

/**
 * A message's key by the trustee kits' path (kits/message-keys.ts `deliveryKeys`): `trustee` for a
 * message a trustee hands over (the server sends no key at all), `server` with the key opened with
 * Q and the message's gate, or null when the message has no wrap of the released kits.
 */
export interface KitMessageKeys {
  deliveryKeys(userId: string, messageId: string): Promise<{ mode: 'trustee' } | { mode: 'server'; keys: Record<string, string> } | null>;
}

/**
 * The release's key hand-out over the escrow and the account key store (services.ts). A delivery
 * prefers `kitKeys` (the message's wrap under the released kits' Q); the escrow's path stays for
 * accounts without kits and messages with no such wrap.
 */
export function createReleaseKeys(escrow: EscrowService, keys: Pick<KeyStore, 'get'>, kitKeys?: KitMessageKeys): ReleaseKeys {
  const sealed = async (userId: string) => (await keys.get(userId))?.sealedAt != null;
  /** The escrowed versions of message `scope`'s key: never any other scope (an older deposit may still hold some). */
  const pick = async (userId: string, scope: string): Promise<HandedKeys> => {
    if (!scope.startsWith('msg:')) throw new TypeError(`The escrow hands out message keys only, not ${scope}`);
    // Only the wanted keys are unwrapped: a max-size escrow (2,064 keys) costs ~115 ms of CPU to open whole.
    const opened = await escrow.openReleased(userId, (kid) => parseKid(kid)?.scope === scope);
    const out: Record<string, string> = {};
    for (const [kid, raw] of opened ?? []) out[kid] = toB64url(raw);
    return { keys: out, missing: opened === null };
  };
  return {
    sealed,
    async deliveryFragment(userId, record) {
      if (!record || !(await sealed(userId))) return null;
      const scope = messageScope(record.id);
      const used = kidsOf(record);
      const byKits = await kitKeys?.deliveryKeys(userId, record.id);
      if (byKits?.mode === 'trustee') return null; // handed over by a trustee: never a key from the server
      const opened = Object.entries(byKits?.keys ?? {}).filter(([kid]) => used.has(kid));
      if (opened.length) return fragmentOf(Object.fromEntries(opened));
      const { keys: handed } = await pick(userId, scope);
      // Only the versions the message's envelopes use (an older, rotated-away key stays home).
      const out = Object.fromEntries(Object.entries(handed).filter(([kid]) => used.has(kid)));
      return Object.keys(out).length ? fragmentOf(out) : null;
    },
    async undeposited(userId) {
      const account = await keys.get(userId);
      if (account?.sealedAt == null) return 0;
      const held = new Set((await escrow.status(userId))?.kids ?? []);
      return Object.keys(account.keyring.keys).filter((kid) => releasedKid(kid) && !held.has(kid)).length;
    },
  };
}
