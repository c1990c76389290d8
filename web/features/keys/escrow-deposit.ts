/**
 * The device's half of the release escrow (SECURITY.md "Release escrow"; sync-server/release/escrow/
 * routes.ts): deposits exactly the keys the escrow may hand out — every version of each message's
 * key (`msg:<id>`, the recipient's link; shared/release/released-keys.ts), never a key of a trustee
 * access level, which opens only with the trustee's kit — with PUT /api/release/escrow. A deposit
 * replaces the account's escrow, so it always carries them all; it is skipped when GET shows the
 * same key ids already deposited, and never made once the escrow has ended (k trustee kits were
 * handed over: the kits hold the release, the server deleted the escrow and refuses a deposit,
 * issue "Release through trustees' key shares", constraint "The escrow ends"). Keys are never logged.
 *
 * Whether the escrow has ended is decided on this device, not from the server's `ended` alone
 * (issue 39 "No back door", attack 4): once it learns that k kits were handed over (the escrow
 * said `ended`, or GET /api/kits shows a generation in force), it pins that (pin.ts
 * `kitsHandedOver`, beside the other pins, kept at sign-out) and from then on never deposits; a
 * server that answers as if the escrow were still needed is asked to delete what it holds
 * (DELETE /api/release/escrow) and the person is told (DeviceRefusal, ESCROW_KEPT_WORDS).
 *
 * Called (the coordinator wires it): once a key session opens (key-session.ts, status `open`),
 * and after the keyring gains a kid and was saved to the server (a new message's key, a rotation),
 * since the server accepts only kids of the keyring it stores.
 */
import { toB64url } from '../../../shared/crypto/bytes';
import type { Keyring } from '../../../shared/crypto/keys';
import { releasedKid } from '../../../shared/release/released-keys';
import type { KitsState } from '../../../shared/schema/kits';
import type { DeviceKeyStore } from './device-key-store';
import { DeviceRefusal } from './refusal';
import { ESCROW_KEPT_WORDS } from './refusal-words';
import type { Api } from './sign-in';

export interface EscrowDeps {
  /** apiFetch (web/api/client.ts): JSON in and out, throws on a non-2xx answer. */
  api: Api;
  /** The account's opened keyring (key-session.ts). */
  keyring: Keyring;
  /** This device's pins (device-key-store.ts): what it knows of the account's kits. */
  device: Pick<DeviceKeyStore, 'pinOf' | 'pin'>;
  /** The account. */
  userId: string;
}

/**
 * Deposits the release's keys of `keyring` unless the escrow already holds exactly those kids.
 * Returns `deposited` (how many keys were sent), `unchanged`, or `ended` (the escrow has ended:
 * nothing is sent, keyCount 0). Throws DeviceRefusal (ESCROW_KEPT_WORDS) when this device knows k
 * kits were handed over and the server answers as if the escrow were still needed: nothing is
 * deposited and the server was asked to delete its escrow. Throws what `api` throws (the caller
 * retries later: a deposit is idempotent).
 */
export async function depositEscrow({ api, keyring, device, userId }: EscrowDeps): Promise<{ outcome: 'deposited' | 'unchanged' | 'ended'; keyCount: number }> {
  const kids = keyring.kids().filter(releasedKid).sort();
  const held = await api<{ kids: string[]; ended?: boolean }>('/api/release/escrow');
  const pin = await device.pinOf(userId);
  if (held.ended) {
    if (!pin?.kitsHandedOver) await device.pin(userId, { kitsHandedOver: true });
    return { outcome: 'ended', keyCount: 0 };
  }
  let handedOver = !!pin?.kitsHandedOver;
  if (!handedOver) {
    // Kits in force (k handed over) end the escrow: learnt here before any deposit, and pinned.
    const kits = await api<KitsState>('/api/kits');
    handedOver = !!kits.current || kits.escrowEnded;
    if (handedOver) await device.pin(userId, { kitsHandedOver: true });
  }
  if (handedOver) {
    try {
      await api('/api/release/escrow', { method: 'DELETE' });
    } catch (err) {
      console.warn('The server was asked to delete its spare key and did not', err); // told below all the same
    }
    throw new DeviceRefusal(ESCROW_KEPT_WORDS);
  }
  const same = held.kids.length === kids.length && [...held.kids].sort().every((k, i) => k === kids[i]);
  if (same) return { outcome: 'unchanged', keyCount: kids.length };
  const keys: Record<string, string> = {};
  for (const kid of kids) keys[kid] = toB64url(keyring.raw(kid)!);
  await api('/api/release/escrow', { method: 'PUT', body: { keys } });
  return { outcome: 'deposited', keyCount: kids.length };
}
