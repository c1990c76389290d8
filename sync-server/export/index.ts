/**
 * The server's export (export/), as the routes use it: an account's records and stored files as
 * the export streams them.
 * Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export { exportRecordsOf } from './export-records';
export { storedExportChunks } from './stored-export';
