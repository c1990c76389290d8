/**
 * The record helpers the other domains use (records/): the sealed-field checks of a sealed
 * account, the sealed REST form, file references and a bounded cache. The record service itself
 * is ../records.ts.
 * Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export { createBoundedCache, type BoundedCache } from './bounded-cache';
export { namedBlob, type FileRefChanges } from './file-refs';
export { checkSealedField, sealedAccountOf, type SealedAccount } from './sealed-check';
export { parseSealedRestBody, takesSealedForm } from './sealed-rest';
