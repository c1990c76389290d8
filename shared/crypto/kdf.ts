/**
 * The password KDF (README.md "KDF"). The device derives 64 bytes from the password and the
 * account's salt: bytes 0–31 are the login secret (sent, base64url, in place of the password; the
 * server scrypts it as it scrypts passwords today), bytes 32–63 the unlock key that unwraps AK.
 *
 * The algorithm and its parameters are fixed per account and stored (plain) with it:
 *   { "alg": "argon2id", "v": 1, "memoryKiB": 65536, "iterations": 3, "parallelism": 1, "salt": "<16 B b64url>" }
 *   { "alg": "pbkdf2-sha256", "v": 1, "iterations": 600000, "salt": "<16 B b64url>" }
 * A device never switches an account's algorithm (PBKDF2 would derive another key and lock the
 * person out), and refuses parameters below the floor or above the ceiling (a hostile server could
 * otherwise make the login secret cheap to brute-force, or exhaust the device's memory).
 * Argon2id is hash-wasm's (WASM), imported only when called, so it loads only at sign-in.
 */
import { buf, fromB64url, toB64url, utf8, webRandom, type RandomSource } from './bytes';
import { KdfParamsError } from './errors';
import { importAesKey } from './wrap';

export type KdfParams =
  | { alg: 'argon2id'; v: 1; memoryKiB: number; iterations: number; parallelism: number; salt: string }
  | { alg: 'pbkdf2-sha256'; v: 1; iterations: number; salt: string };

/** New accounts: Argon2id, 64 MiB, 3 passes, 1 lane (RFC 9106 §7.4's second choice; Bitwarden's defaults, 1 lane). */
export const ARGON2ID_DEFAULTS = { memoryKiB: 64 * 1024, iterations: 3, parallelism: 1 } as const;
/** PBKDF2-SHA256, 600,000 (OWASP Password Storage Cheat Sheet 2023): an account's fixed alternative, which the app never chooses (README.md "KDF"). */
export const PBKDF2_DEFAULTS = { iterations: 600_000 } as const;

/**
 * The floor: OWASP's minimum for Argon2id (19 MiB, 2 passes, 1 lane) and PBKDF2-SHA256 (600,000).
 * The ceiling: what a phone can run (256 MiB, 10 passes, 4 lanes; PBKDF2 10 million).
 */
export const KDF_BOUNDS = {
  argon2id: { memoryKiB: [19 * 1024, 256 * 1024], iterations: [2, 10], parallelism: [1, 4] },
  'pbkdf2-sha256': { iterations: [600_000, 10_000_000] },
} as const;

const SALT_BYTES = 16;
const within = (n: unknown, [lo, hi]: readonly [number, number]) => Number.isInteger(n) && (n as number) >= lo && (n as number) <= hi;

/** Fresh parameters for a new account: Argon2id defaults (or PBKDF2 when `alg` says so) and a random salt. */
export function newKdfParams(alg: KdfParams['alg'] = 'argon2id', random: RandomSource = webRandom): KdfParams {
  const salt = toB64url(random(SALT_BYTES));
  return alg === 'argon2id' ? { alg, v: 1, ...ARGON2ID_DEFAULTS, salt } : { alg, v: 1, ...PBKDF2_DEFAULTS, salt };
}

/**
 * The parameters of a password change (issue 29 "The KDF": fixed per account, never switched by a
 * device): the account's own algorithm and costs, with a fresh salt. A cost below KDF_BOUNDS' floor
 * (an account made under an older floor) is raised to it, and one above the ceiling lowered,
 * within the same algorithm; the algorithm itself never changes (the server refuses that too).
 */
export function renewKdfParams(current: KdfParams, random: RandomSource = webRandom): KdfParams {
  const clamp = (n: number, [lo, hi]: readonly [number, number]) => Math.min(hi, Math.max(lo, Math.trunc(n)));
  const salt = toB64url(random(SALT_BYTES));
  if (current.alg === 'argon2id') {
    const b = KDF_BOUNDS.argon2id;
    return { alg: 'argon2id', v: 1, memoryKiB: clamp(current.memoryKiB, b.memoryKiB), iterations: clamp(current.iterations, b.iterations), parallelism: clamp(current.parallelism, b.parallelism), salt };
  }
  if (current.alg === 'pbkdf2-sha256') return { alg: 'pbkdf2-sha256', v: 1, iterations: clamp(current.iterations, KDF_BOUNDS['pbkdf2-sha256'].iterations), salt };
  throw new KdfParamsError(`KDF algorithm ${String((current as { alg?: unknown }).alg)} is unknown`);
}

/**
 * Checks parameters from the server (or anyone): known algorithm and version, a 16-byte salt, and
 * every cost within KDF_BOUNDS. Returns them typed; throws KdfParamsError naming what is wrong.
 */
export function checkKdfParams(json: unknown): KdfParams {
  const p = json as Record<string, unknown> | null;
  if (!p || typeof p !== 'object') throw new KdfParamsError('KDF parameters are missing');
  if (p.v !== 1) throw new KdfParamsError(`KDF parameters version ${String(p.v)} is unknown`);
  const salt = typeof p.salt === 'string' ? fromB64url(p.salt) : null;
  if (!salt || salt.length !== SALT_BYTES) throw new KdfParamsError('The KDF salt must be 16 bytes of base64url');
  if (p.alg === 'argon2id') {
    const b = KDF_BOUNDS.argon2id;
    if (!within(p.memoryKiB, b.memoryKiB)) throw new KdfParamsError(`Argon2id memory must be ${b.memoryKiB[0]}–${b.memoryKiB[1]} KiB`);
    if (!within(p.iterations, b.iterations)) throw new KdfParamsError(`Argon2id passes must be ${b.iterations[0]}–${b.iterations[1]}`);
    if (!within(p.parallelism, b.parallelism)) throw new KdfParamsError(`Argon2id lanes must be ${b.parallelism[0]}–${b.parallelism[1]}`);
    return { alg: 'argon2id', v: 1, memoryKiB: p.memoryKiB as number, iterations: p.iterations as number, parallelism: p.parallelism as number, salt: p.salt as string };
  }
  if (p.alg === 'pbkdf2-sha256') {
    const b = KDF_BOUNDS['pbkdf2-sha256'];
    if (!within(p.iterations, b.iterations)) throw new KdfParamsError(`PBKDF2 iterations must be ${b.iterations[0]}–${b.iterations[1]}`);
    return { alg: 'pbkdf2-sha256', v: 1, iterations: p.iterations as number, salt: p.salt as string };
  }
  throw new KdfParamsError(`KDF algorithm ${String(p.alg)} is unknown`);
}

/** The two halves of the derived 64 bytes. */
export interface PasswordKeys {
  /** Sent to the server at sign-in and registration (base64url of 32 bytes); never the password. */
  loginSecret: string;
  /** Unwraps AK (keys.ts unwrapAccountKey, purpose `password`); never leaves the device. */
  unlockKey: CryptoKey;
}

/** The 64 derived bytes (exported for test vectors and the bench; callers use derivePasswordKeys). */
export async function deriveBytes(password: string, json: unknown): Promise<Uint8Array> {
  const params = checkKdfParams(json);
  const pw = utf8(password.normalize('NFKC'));
  const salt = fromB64url(params.salt)!;
  if (params.alg === 'argon2id') {
    const { argon2id } = await import('hash-wasm');
    return argon2id({
      password: pw,
      salt,
      memorySize: params.memoryKiB,
      iterations: params.iterations,
      parallelism: params.parallelism,
      hashLength: 64,
      outputType: 'binary',
    });
  }
  const base = await crypto.subtle.importKey('raw', buf(pw), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: buf(salt), iterations: params.iterations }, base, 512));
}

/**
 * Derives the login secret and the unlock key from `password` (NFKC-normalised, as
 * sync-server/accounts/password.ts normalises) with the account's parameters. Throws KdfParamsError
 * before any work when the parameters are outside KDF_BOUNDS. Run it in a worker on the device.
 */
export async function derivePasswordKeys(password: string, params: unknown): Promise<PasswordKeys> {
  const bytes = await deriveBytes(password, params);
  const keys = { loginSecret: toB64url(bytes.subarray(0, 32)), unlockKey: await importAesKey(bytes.slice(32, 64)) };
  bytes.fill(0);
  return keys;
}
