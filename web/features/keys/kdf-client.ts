/**
 * derivePasswordKeys through a module Worker (kdf.worker.ts), one per call, ended when it answers:
 * the password lives in the worker only as long as the derivation. Same result as
 * shared/crypto/kdf.ts derivePasswordKeys; rejects with its error message (e.g. parameters below
 * the floor).
 *
 * prepareKdfWorker starts the next derivation's worker ahead of time (issue 38 item 5): on a cold
 * browser its 220 KB script was fetched only when the person pressed "Create Account" or "Sign In",
 * behind the service worker's first install. The prepared worker holds no password until its
 * derivation starts, and is ended after it like any other.
 */
import type { Derive } from '../../../shared/crypto/account-setup';
import type { PasswordKeys } from '../../../shared/crypto/kdf';

let nextId = 1;
let prepared: Worker | null = null;

/** A new KDF worker (its module script fetched and run by the browser from now on). */
const spawn = () => new Worker(new URL('./kdf.worker.ts', import.meta.url), { type: 'module' });

/** Starts the worker the next derivation will use, if none is waiting yet. Safe to call often. */
export function prepareKdfWorker(): void {
  if (prepared) return;
  const worker = spawn();
  // Its script failed to load (offline, server gone): forgotten, so the derivation starts its own and reports the error.
  worker.onerror = () => {
    worker.terminate();
    if (prepared === worker) prepared = null;
  };
  prepared = worker;
}

export const deriveInWorker: Derive = (password, params) =>
  new Promise<PasswordKeys>((resolve, reject) => {
    const worker = prepared ?? spawn();
    prepared = null;
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
