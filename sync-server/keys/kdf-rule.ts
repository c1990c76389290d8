/**
 * The account's KDF is fixed (issue 29 "The KDF"; shared/crypto/README.md "KDF"): its algorithm is
 * chosen once, when the account's keys are made, and no later request may switch it — a device
 * that silently fell back to PBKDF2 where Argon2id was chosen (or the reverse) would derive another
 * unlock key and lock the person out of their words. Parameters within the algorithm may change
 * (a new salt at each password change; costs raised to the floor, shared/crypto/kdf.ts renewKdfParams).
 */
import type { KdfParams } from '../../shared/crypto/kdf';
import { ApiHttpError } from '../http/errors';

/** Throws 400 naming `kdf` when `next` (already checked against the floor) is not of the account's algorithm `alg`. */
export function refuseKdfSwitch(next: KdfParams, alg: KdfParams['alg']): void {
  if (next.alg === alg) return;
  const message = `This account's key derivation is ${alg}; it cannot change.`;
  throw new ApiHttpError(400, message, [{ path: 'kdf', message }]);
}
