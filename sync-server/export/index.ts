/**
 * The server's export (export/), as other domains use it: an account's records as the export
 * streams them.
 * Other domains reach this one only through this file (issue 42, `.dependency-cruiser.cjs`).
 */
export { exportRecordsOf } from './export-records';
