/**
 * Emergency gates at rest (docs/sharing.md "The key behind the gate"; issue 43): the 32-byte gate
 * the owner's device sends for each trustee is stored only sealed under the release key's
 * `emergency` subkey (release/escrow/subkey-seal.ts, the mechanism of trustee kits' gates), bound
 * to the account, the trustee and the kit generation, so a database dump or backup alone holds no
 * gate and a sealed gate moved to another row opens nothing. Format `e1.<nonce>.<ciphertext>`
 * (version 1). A gate stored by the server before this (migration 025: the device's base64url
 * text as sent) is still read, and sealed in place by the scheduler (emergency-service.ts `tick`).
 */
import { fromB64url, lengthPrefixed, toB64url } from '../../shared/crypto/bytes';
import { MalformedError } from '../../shared/crypto/errors';
import { createSubkeySealer, type ReleaseKey } from '../release/index';

/** The sealed form's version tag (stored as the text's first part). */
export const GATE_FORMAT = 'e1';
/** A gate as the device sends it, and as migration 025 stored it: 32 bytes, base64url. */
export const PLAIN_GATE_RE = /^[A-Za-z0-9_-]{43}$/;

/** Whose gate: the owner's account, the trustee, and the kit generation the wrap was made for. */
export interface GatePlace {
  userId: string;
  trusteeId: string;
  generation: number;
}

export interface GateSealer {
  /** Seals the device's base64url gate text for `place`; returns `e1.…`. Throws MalformedError for a text that is not 32 bytes. */
  seal(place: GatePlace, gate: string): Promise<string>;
  /**
   * The gate's base64url text from what is stored: opened when sealed, as it is when stored plain
   * before (migration 025). Throws MalformedError or UnwrapError (another place, key, or changed
   * bytes): never a wrong gate.
   */
  open(place: GatePlace, stored: string): Promise<string>;
  /** True when `stored` is a gate stored plain before sealing (migration 025). */
  isPlain(stored: string): boolean;
}

const aad = (p: GatePlace) => lengthPrefixed(['afterword-emergency-gate-v1', p.userId, p.trusteeId, String(p.generation)]);

/** The gate sealer under `key`'s `emergency` subkey. */
export function createGateSealer(key: ReleaseKey): GateSealer {
  const sealer = createSubkeySealer(key, 'emergency', GATE_FORMAT, 'sealed emergency gate');
  const isPlain = (stored: string) => PLAIN_GATE_RE.test(stored);
  return {
    async seal(place, gate) {
      const raw = isPlain(gate) ? fromB64url(gate) : null;
      if (!raw || raw.length !== 32) throw new MalformedError('An emergency gate is 32 bytes, base64url');
      return sealer.seal(aad(place), raw);
    },
    async open(place, stored) {
      if (isPlain(stored)) return stored;
      return toB64url(await sealer.open(aad(place), stored));
    },
    isPlain,
  };
}
