/**
 * Records (records/): the owner's synced records, read and written through one merge (rule 16)
 * by the sync endpoint and the REST endpoints of SPEC.md §7. What it offers the other domains:
 * the record service (service.ts: `createRecordService`, `RecordService`, `RecordReader`,
 * `RecordSource`), the sealed-field checks of a sealed account, the sealed REST form, file
 * references and a bounded cache; and of its store (store/, both engines): the store's shape
 * (`RecordStore`, `AsyncRecordStore`) and what an account holds (`createUsageReader`, `readPgUsage`,
 * `withActivity`), which the keys' stores count in a seal.
 * Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export type { AccountKeysReader } from './sealed-check';
export { createRecordService, type RecordReader, type RecordService, type RecordSource, type RefuseChange } from './service';
export { namedBlob, type FileRefChanges } from './file-refs';
export { checkSealedField, sealedAccountOf, type SealedAccount } from './sealed-check';
export { parseSealedRestBody, takesSealedForm } from './sealed-rest';
export { type AsyncRecordStore, type RecordStore } from './store/record-store';
export { UnknownAccountError } from './store/pg-record-store';
export { readPgUsage, withActivity } from './store/pg-usage';
export { createUsageReader } from './store/usage';
