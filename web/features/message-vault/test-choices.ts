/**
 * Test support (imported only by *.test.ts): the owner's sealed delivery choices (sealed-choice.ts
 * SealedChoices) held in memory, for a test whose owner device wrote its letters straight to the
 * server rather than through a device database: `known` maps each letter id the device holds to its
 * sealed choice (null: none recorded). What the code under test writes is kept and read back.
 */
import type { SealedChoice, SealedChoices } from './sealed-choice';

/** SealedChoices over `known` (a letter not in it is one the device does not hold). */
export function choicesInMemory(known: Record<string, SealedChoice | null>): SealedChoices & { known: Map<string, SealedChoice | null> } {
  const map = new Map(Object.entries(known));
  return {
    known: map,
    read: async (id) => map.get(id),
    write: async (id, choice) => void map.set(id, { mode: choice.mode, trustees: [...choice.trustees] }),
  };
}
