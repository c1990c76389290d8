/**
 * shared/crypto: end-to-end encryption's building blocks (README.md). Isomorphic (WebCrypto).
 * The password KDF's Argon2id (hash-wasm) is imported dynamically inside derivePasswordKeys,
 * so importing this module never loads it; shamir.ts is imported separately (only kit screens
 * and the release code need it).
 */
export * from './errors';
export { toB64url, fromB64url, type RandomSource } from './bytes';
export * from './padding';
export * from './kid';
export * from './envelope';
export * from './wrap';
export * from './keys';
export * from './kdf';
export * from './recovery';
export * from './fields';
export * from './sealed-record';
export * from './account-setup';
