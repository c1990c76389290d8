/**
 * What the server seals of trustee kits (issue "Release through trustees' key shares", contract §2):
 * each gate G_i from the owner's device, each share a trustee sends to confirm, and Q after a
 * release are stored only as AES-256-GCM under the release key's `kits` subkey
 * (escrow/release-key.ts, sealed by escrow/subkey-seal.ts), which lives outside the database; the
 * additional data names the account, the generation, what it is and whose, so a sealed value moved
 * to another row opens nothing. Format `k1.<nonce>.<ciphertext>` (base64url). So the database and
 * its backups alone reveal no gate, share or Q (SECURITY.md).
 */
import { lengthPrefixed } from '../../../shared/crypto/bytes';
import type { ReleaseKey } from '../escrow/release-key';
import { createSubkeySealer } from '../escrow/subkey-seal';

/** Where a sealed value belongs: `what` is `gate`, `share` (of trustee `trusteeId`) or `q` (trusteeId ''). */
export interface SealPlace {
  userId: string;
  generation: number;
  what: 'gate' | 'share' | 'q';
  trusteeId: string;
}

export interface KitSealer {
  /** Seals `bytes` (1 … 1024 bytes) for `place`; returns `k1.…`. */
  seal(place: SealPlace, bytes: Uint8Array): Promise<string>;
  /** Opens what `seal` made for the same place. Throws MalformedError or UnwrapError (wrong place, key or changed bytes). */
  open(place: SealPlace, sealed: string): Promise<Uint8Array>;
}

const aad = (p: SealPlace) => lengthPrefixed(['afterword-kit-seal-v1', p.userId, String(p.generation), p.what, p.trusteeId]);

/** The sealer under `key`'s `kits` subkey (derived once, lazily). */
export function createKitSealer(key: ReleaseKey): KitSealer {
  const sealer = createSubkeySealer(key, 'kits', 'k1', 'sealed kit value');
  return {
    seal: (place, bytes) => sealer.seal(aad(place), bytes),
    open: (place, sealed) => sealer.open(aad(place), sealed),
  };
}
