/**
 * derivePasswordKeys through a module Worker (kdf.worker.ts), one per call, ended when it answers:
 * the password lives in the worker only as long as the derivation. Same result as
 * shared/crypto/kdf.ts derivePasswordKeys; rejects with its error message (e.g. parameters below
 * the floor).
 */
import type { Derive } from '../../../shared/crypto/account-setup';
import type { PasswordKeys } from '../../../shared/crypto/kdf';

let nextId = 1;

export const deriveInWorker: Derive = (password, params) =>
  new Promise<PasswordKeys>((resolve, reject) => {
    const worker = new Worker(new URL('./kdf.worker.ts', import.meta.url), { type: 'module' });
    const id = nextId++;
    worker.onmessage = (e: MessageEvent<{ id: number; loginSecret?: string; unlockKey?: CryptoKey; error?: string }>) => {
      if (e.data.id !== id) return;
      worker.terminate();
      if (e.data.error !== undefined) reject(new Error(e.data.error));
      else resolve({ loginSecret: e.data.loginSecret!, unlockKey: e.data.unlockKey! });
    };
    worker.onerror = (e) => {
      worker.terminate();
      reject(new Error(e.message || 'The password could not be processed on this device'));
    };
    worker.postMessage({ id, password, params });
  });
