/**
 * How large one change may be (rule 10 of shared/sync/README.md), without zod (issue 41): the
 * sealing code (shared/crypto/sealed-size.ts) runs at a signed-in start, the change's validation
 * (./change.ts, which re-exports these) only when something is written.
 */
import { ACCOUNT_LIMITS } from '../limits';

/**
 * Largest serialised change accepted, in UTF-16 units of its JSON. Sized so that the longest text
 * SPEC.md allows (a 20,000-character letter) still fits once sealed in any script: 4-byte UTF-8
 * characters, padded (shared/crypto/padding.ts) and base64url-encoded, come to about 110 K.
 */
export const MAX_CHANGE_BYTES = 128 * 1024;
/** Most fields one change may write: every item of two lists, and room for the rest. */
export const MAX_FIELDS_PER_CHANGE = 2 * ACCOUNT_LIMITS.listItems + 32;
