/**
 * Account keys (keys/), as the other domains use them: the key store's type and the KDF rule.
 * Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export { refuseKdfSwitch } from './kdf-rule';
export { type KeyStore } from './key-store';
