import { describe, expect, it } from 'vitest';
import { checkKdfParams, newKdfParams } from '../../shared/crypto/kdf';
import { fakeKdfParams } from './fake-salt';

const secret = new Uint8Array(32).fill(7);

describe('fakeKdfParams (unknown usernames)', () => {
  it('answers the same parameters for the same name, whatever its case, and valid ones', () => {
    const a = fakeKdfParams(secret, 'Ghost.User');
    expect(fakeKdfParams(secret, 'ghost.user')).toEqual(a);
    expect(checkKdfParams(a)).toEqual(a);
    // Same shape as a real account's parameters: only the salt differs.
    const { salt: _real, ...realShape } = newKdfParams();
    const { salt, ...fakeShape } = a;
    expect(fakeShape).toEqual(realShape);
    expect(salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('gives other names and other server secrets other salts (fixed vector)', () => {
    expect(fakeKdfParams(secret, 'ghost').salt).not.toBe(fakeKdfParams(secret, 'ghost2').salt);
    expect(fakeKdfParams(new Uint8Array(32).fill(8), 'ghost').salt).not.toBe(fakeKdfParams(secret, 'ghost').salt);
    expect(fakeKdfParams(secret, 'GHOST').salt).toBe('SkH1H0SlicgZMHZl0Ba2jA');
    expect(() => fakeKdfParams(new Uint8Array(8), 'ghost')).toThrow(RangeError);
  });
});
