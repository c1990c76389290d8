/**
 * What the server seals of trustee kits (issue "Release through trustees' key shares", contract §2):
 * each gate G_i from the owner's device, each share a trustee sends to confirm, and Q after a
 * release are stored only as AES-256-GCM under the release key's `kits` subkey
 * (escrow/release-key.ts), which lives outside the database; the additional data names the
 * account, the generation, what it is and whose, so a sealed value moved to another row opens
 * nothing. Format `k1.<nonce>.<ciphertext>` (base64url). So the database and its backups alone
 * reveal no gate, share or Q (SECURITY.md).
 */
import { buf, fromB64url, lengthPrefixed, toB64url, webRandom } from '../../../shared/crypto/bytes';
import { MalformedError, UnwrapError } from '../../../shared/crypto/errors';
import { releaseSubkey, type ReleaseKey } from '../escrow/release-key';

const FORMAT = 'k1';
const NONCE_BYTES = 12;

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
  let subkey: Promise<CryptoKey> | null = null;
  const k = () => (subkey ??= releaseSubkey(key.raw, 'kits'));
  return {
    async seal(place, bytes) {
      if (bytes.length < 1 || bytes.length > 1024) throw new TypeError('Only 1 to 1024 bytes are sealed');
      const nonce = webRandom(NONCE_BYTES);
      const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: buf(nonce), additionalData: buf(aad(place)) }, await k(), buf(bytes)));
      return `${FORMAT}.${toB64url(nonce)}.${toB64url(ct)}`;
    },
    async open(place, sealed) {
      const parts = sealed.split('.');
      const nonce = parts.length === 3 && parts[0] === FORMAT ? fromB64url(parts[1]!) : null;
      const ct = parts.length === 3 ? fromB64url(parts[2]!) : null;
      if (!nonce || nonce.length !== NONCE_BYTES || !ct || ct.length <= 16) throw new MalformedError('Not a sealed kit value');
      try {
        return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buf(nonce), additionalData: buf(aad(place)) }, await k(), buf(ct)));
      } catch {
        throw new UnwrapError('This sealed kit value does not open here');
      }
    },
  };
}
