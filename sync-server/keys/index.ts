/**
 * Account keys (keys/), as the other domains use them: the key store's type, the KDF rule, and
 * what the keys answer and refuse (a device's view of its keys, a wrap for a replaced AK).
 * Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export { AK_REPLACED, akReplaced, findAccount, keysJson, proofHashOf, refuseReplacedAk } from './answers';
export { refuseKdfSwitch } from './kdf-rule';
export { type KeyStore } from './key-store';
