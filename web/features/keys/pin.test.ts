/** The KDF pin's rules (pin.ts): raising the cost is taken and kept, lowering never; a new device's floor. */
import { describe, expect, it } from 'vitest';
import { newKdfParams } from '../../../shared/crypto/kdf';
import { atLeast, checkPinnedKdf, costOf, strongest, type KdfCost } from './pin';
import { PBKDF2_NOTE, WEAK_KDF_WORDS } from './refusal-words';

const argon = (memoryKiB: number, iterations: number) => ({ ...newKdfParams('argon2id'), memoryKiB, iterations });
const pinnedAt64: KdfCost = { alg: 'argon2id', memoryKiB: 65536, iterations: 3 };

describe('the KDF pin (pin.ts)', () => {
  it('takes the same or a higher cost, refuses a lower one or PBKDF2 for an Argon2id account', () => {
    expect(checkPinnedKdf(argon(65536, 3), pinnedAt64).note).toBeNull();
    expect(checkPinnedKdf(argon(131072, 4), pinnedAt64).kdf).toMatchObject({ memoryKiB: 131072 });
    expect(() => checkPinnedKdf(argon(65536, 2), pinnedAt64)).toThrow(WEAK_KDF_WORDS);
    expect(() => checkPinnedKdf(argon(32768, 10), pinnedAt64)).toThrow(WEAK_KDF_WORDS);
    expect(() => checkPinnedKdf(newKdfParams('pbkdf2-sha256'), pinnedAt64)).toThrow(WEAK_KDF_WORDS);
  });

  it('the pin only rises: strongest keeps the higher of two costs', () => {
    const raised = strongest(pinnedAt64, costOf(argon(131072, 3)));
    expect(raised).toEqual({ alg: 'argon2id', memoryKiB: 131072, iterations: 3 });
    expect(strongest(raised, costOf(argon(65536, 3)))).toEqual(raised);
    expect(atLeast(costOf(argon(65536, 3)), { alg: 'pbkdf2-sha256', iterations: 600_000 })).toBe(true); // PBKDF2 → Argon2id at the app's costs is a rise
  });

  it("a new device: Argon2id at no less than the app's registration costs; PBKDF2 with a note", () => {
    expect(() => checkPinnedKdf(argon(19 * 1024, 2), null)).toThrow(WEAK_KDF_WORDS);
    expect(checkPinnedKdf(argon(65536, 3), null).note).toBeNull();
    expect(checkPinnedKdf(newKdfParams('pbkdf2-sha256'), null).note).toBe(PBKDF2_NOTE);
    expect(() => checkPinnedKdf({ ...newKdfParams('pbkdf2-sha256'), iterations: 1000 }, null)).toThrow(/PBKDF2 iterations/);
  });
});
