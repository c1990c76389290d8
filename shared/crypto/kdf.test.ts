import { argon2id } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { toHex } from './bytes';
import { KdfParamsError } from './errors';
import { ARGON2ID_DEFAULTS, checkKdfParams, deriveBytes, derivePasswordKeys, KDF_BOUNDS, newKdfParams, renewKdfParams, type KdfParams } from './kdf';

const SALT = 'AAECAwQFBgcICQoLDA0ODw'; // bytes 0..15

describe('KDF parameters', () => {
  it('new accounts get Argon2id 64 MiB, 3 passes, 1 lane and a fresh 16-byte salt', () => {
    const a = newKdfParams();
    const b = newKdfParams();
    expect(a).toMatchObject({ alg: 'argon2id', v: 1, memoryKiB: 65536, iterations: 3, parallelism: 1 });
    expect(a.salt).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(a.salt).not.toBe(b.salt);
    expect(newKdfParams('pbkdf2-sha256')).toMatchObject({ alg: 'pbkdf2-sha256', iterations: 600_000 });
  });

  it('refuses parameters below the floor or above the ceiling, before any work', async () => {
    const ok = { alg: 'argon2id', v: 1, ...ARGON2ID_DEFAULTS, salt: SALT };
    const bad = [
      { ...ok, memoryKiB: KDF_BOUNDS.argon2id.memoryKiB[0] - 1 },
      { ...ok, iterations: 1 },
      { ...ok, parallelism: 0 },
      { ...ok, memoryKiB: 4 * 1024 * 1024 },
      { ...ok, iterations: 2.5 },
      { ...ok, salt: 'AAAA' },
      { ...ok, alg: 'scrypt' },
      { ...ok, v: 2 },
      { alg: 'pbkdf2-sha256', v: 1, iterations: 599_999, salt: SALT },
      { alg: 'pbkdf2-sha256', v: 1, iterations: 100_000_000, salt: SALT },
      null,
    ];
    for (const p of bad) {
      expect(() => checkKdfParams(p)).toThrow(KdfParamsError);
      await expect(derivePasswordKeys('pw', p)).rejects.toThrow(KdfParamsError);
    }
    expect(checkKdfParams(ok)).toEqual(ok);
  });
});

describe('derivation', () => {
  it("hash-wasm's Argon2id matches the reference implementation's test vector (phc-winner-argon2 src/test.c)", async () => {
    const hex = await argon2id({ password: 'password', salt: 'somesalt', iterations: 2, memorySize: 65536, parallelism: 1, hashLength: 32, outputType: 'hex' });
    expect(hex).toBe('09316115d5cf24ed5a15a31a3ba326e5cf32edc24702987c02b6566f61913cf7');
  });

  it('is deterministic per password, salt and algorithm; the two halves differ; NFKC forms agree', async () => {
    const params = { alg: 'argon2id', v: 1, memoryKiB: 19 * 1024, iterations: 2, parallelism: 1, salt: SALT } as const;
    const a = await deriveBytes('Ångström', params);
    expect(toHex(await deriveBytes('A\u030angstro\u0308m', params))).toBe(toHex(a)); // decomposed form
    expect(toHex(a.subarray(0, 32))).not.toBe(toHex(a.subarray(32)));
    expect(toHex(await deriveBytes('Ångström', { ...params, salt: 'DwAAAAAAAAAAAAAAAAAAAA' }))).not.toBe(toHex(a));
    const keys = await derivePasswordKeys('Ångström', params);
    expect(keys.loginSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The account's algorithm is never switched: PBKDF2 with the same salt derives other bytes.
    const pbkdf2 = await deriveBytes('Ångström', { alg: 'pbkdf2-sha256', v: 1, iterations: 600_000, salt: SALT });
    expect(toHex(pbkdf2)).not.toBe(toHex(a));
  });
});

describe('renewKdfParams (issue 29 "The KDF": fixed per account)', () => {
  it('keeps the algorithm and costs with a fresh salt, and raises a cost below the floor only within the algorithm', () => {
    const pb = newKdfParams('pbkdf2-sha256');
    const renewed = renewKdfParams({ ...pb, iterations: 700_000 });
    expect(renewed).toMatchObject({ alg: 'pbkdf2-sha256', iterations: 700_000 });
    expect(renewed.salt).not.toBe(pb.salt);
    expect(renewKdfParams({ ...pb, iterations: 100_000 })).toMatchObject({ alg: 'pbkdf2-sha256', iterations: KDF_BOUNDS['pbkdf2-sha256'].iterations[0] });
    const weak = { ...newKdfParams('argon2id'), memoryKiB: 8 * 1024, iterations: 1 } as KdfParams;
    const raised = renewKdfParams(weak);
    expect(raised).toMatchObject({ alg: 'argon2id', memoryKiB: KDF_BOUNDS.argon2id.memoryKiB[0], iterations: KDF_BOUNDS.argon2id.iterations[0], parallelism: 1 });
    expect(() => checkKdfParams(raised)).not.toThrow();
  });
});
