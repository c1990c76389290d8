/**
 * The password KDF off the main thread (shared/crypto/kdf.ts: Argon2id takes 64 MiB and about a
 * second). hash-wasm's argon2 is imported only here, so the dashboard's bundle never carries it.
 * Takes `{ id, password, params }`, answers `{ id, loginSecret, unlockKey }` (the CryptoKey is
 * structured-cloned, never exported) or `{ id, error }`.
 */
import { derivePasswordKeys } from '../../../shared/crypto/kdf';

self.onmessage = async (e: MessageEvent<{ id: number; password: string; params: unknown }>) => {
  const { id, password, params } = e.data;
  try {
    const { loginSecret, unlockKey } = await derivePasswordKeys(password, params);
    self.postMessage({ id, loginSecret, unlockKey });
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
