/**
 * The kit's fingerprint (contract §1 `kitFingerprint`): 8 Crockford characters "XXXX-XXXX" from
 * SHA-256("afterword-kit-fp-v1" ‖ commitment), printed on the kit and shown by the kit page for the
 * yearly check. The server's one import of it: shared/crypto/trustee-kit.ts (kitcore) owns the
 * function; this stands in until that lands, then re-exports it.
 */
import { concat, sha256, utf8 } from '../../shared/crypto/bytes';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The fingerprint of a kit's commitment (lowercase hex), e.g. "7K2M-Q9XA". */
export async function kitFingerprint(commitment: string): Promise<string> {
  const h = await sha256(concat(utf8('afterword-kit-fp-v1'), utf8(commitment)));
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of h) {
    value = ((value << 8) | byte) & 0xfff; // at most 4 + 8 bits are ever pending
    bits += 8;
    while (bits >= 5 && out.length < 8) {
      out += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    if (out.length === 8) break;
  }
  return `${out.slice(0, 4)}-${out.slice(4)}`;
}
