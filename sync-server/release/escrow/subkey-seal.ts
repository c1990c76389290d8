/**
 * Sealing small server-held secrets under one subkey of the release key (release-key.ts), the
 * mechanism of trustee kits' gates, shares and Q (kits/seal.ts) and of emergency gates
 * (sharing/gate-seal.ts): AES-256-GCM with a random 96-bit nonce under the subkey of `purpose`,
 * the additional data naming where the value belongs (so a value moved to another row opens
 * nothing). Text form `<format>.<nonce>.<ciphertext>` (base64url); `format` is the version, so a
 * later format can be read beside it. The release key lives outside the database, so a dump or
 * backup of the database alone opens none of them (SECURITY.md "Release escrow").
 */
import { buf, fromB64url, toB64url, webRandom } from '../../../shared/crypto/bytes';
import { MalformedError, UnwrapError } from '../../../shared/crypto/errors';
import { releaseSubkey, type ReleaseKey, type SubkeyPurpose } from './release-key';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export interface SubkeySealer {
  /** Seals `bytes` (1 … 1024 bytes) bound to `aad`; returns `<format>.…`. Throws TypeError for another length. */
  seal(aad: Uint8Array, bytes: Uint8Array): Promise<string>;
  /** Opens what `seal` made with the same `aad`. Throws MalformedError (not this format) or UnwrapError (another place, key or changed bytes). */
  open(aad: Uint8Array, sealed: string): Promise<Uint8Array>;
  /** True when `text` has this sealer's form (says nothing of whether it opens). */
  isSealed(text: string): boolean;
}

/** A sealer under `key`'s subkey for `purpose` (derived once, lazily); `what` names the value in errors ("sealed kit value"). */
export function createSubkeySealer(key: ReleaseKey, purpose: SubkeyPurpose, format: string, what: string): SubkeySealer {
  let subkey: Promise<CryptoKey> | null = null;
  const k = () => (subkey ??= releaseSubkey(key.raw, purpose));
  const parse = (sealed: string) => {
    const parts = sealed.split('.');
    const nonce = parts.length === 3 && parts[0] === format ? fromB64url(parts[1]!) : null;
    const ct = nonce ? fromB64url(parts[2]!) : null;
    return nonce && nonce.length === NONCE_BYTES && ct && ct.length > TAG_BYTES ? { nonce, ct } : null;
  };
  return {
    async seal(aad, bytes) {
      if (bytes.length < 1 || bytes.length > 1024) throw new TypeError('Only 1 to 1024 bytes are sealed');
      const nonce = webRandom(NONCE_BYTES);
      const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: buf(nonce), additionalData: buf(aad) }, await k(), buf(bytes)));
      return `${format}.${toB64url(nonce)}.${toB64url(ct)}`;
    },
    async open(aad, sealed) {
      const parsed = parse(sealed);
      if (!parsed) throw new MalformedError(`Not a ${what}`);
      try {
        return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buf(parsed.nonce), additionalData: buf(aad) }, await k(), buf(parsed.ct)));
      } catch {
        throw new UnwrapError(`This ${what} does not open here`);
      }
    },
    isSealed: (text) => parse(text) !== null,
  };
}
