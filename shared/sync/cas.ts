/**
 * Compare-and-set of a change (shared/sync/README.md rule 28; Change.ifClocks): the words of its
 * refusal, which both sides share. Kept free of zod, so the toast code that reads it stays out of
 * the write kit's chunk (web/db/user-database.ts loadWriteKit).
 */

/**
 * The words of a compare-and-set refusal: a field named in a change's `ifClocks` moved since the
 * device read it. Not an edit of the person's: the device undoes it without a toast.
 */
export const CAS_REFUSAL = 'changed since this device read it';

/** True for a compare-and-set refusal (rule 28). */
export const isCasRefusal = (reason: string): boolean => reason.includes(CAS_REFUSAL);
