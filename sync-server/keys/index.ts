/**
 * Account keys (keys/), as the other domains use them: the key store's type, the KDF rule, the
 * rule on a stale AK version (`refuseReplacedAk`, `akReplaced`), what a device may read of its keys
 * (`keysJson`), a proof token's hash and the account a sign-in identifier names (`findAccount`).
 * Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export { akReplaced, findAccount, keysJson, proofHashOf, refuseReplacedAk } from './answers';
export { refuseKdfSwitch } from './kdf-rule';
export { type KeyStore } from './key-store';
