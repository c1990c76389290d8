/**
 * The executor kit's id (trustee-kit.ts, which re-exports these), in a module of its own so that a
 * screen asking only "is this the executor kit?" (web/features/emergency/emergency-access.ts
 * kitGenerationFor, on the signed-in start's path) does not load Shamir and the kits' crypto
 * (issue 41 "The dashboard loads only what it shows").
 */
/**
 * The executor kit's place in a generation where a trustee's id would be (issue "Fewer than k
 * kits": an optional kit the owner prints and keeps with the will, counting as one share). `~` is
 * outside the ids records may have (shared/schema/common.ts idSchema), so no trustee can be it, and
 * a generation has at most one (each id holds one kit).
 */
export const EXECUTOR_KIT_ID = '~executor';
/** Whether a kit's trustee id is the executor kit's. */
export const isExecutorKit = (trusteeId: string): boolean => trusteeId === EXECUTOR_KIT_ID;
