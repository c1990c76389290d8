/**
 * Test support (imported only by *.test.ts): the owner's sealed delivery choices (sealed-choice.ts
 * SealedChoices) held in memory, for a test whose owner device wrote its letters straight to the
 * server rather than through a device database: `known` maps each letter id the device holds to its
 * sealed choice (null: none recorded), `addresses` each letter's address (a hand-over is bound to it).
 * What the code under test writes is kept and read back.
 */
import type { SealedChoice, SealedChoices } from './sealed-choice';

/** SealedChoices over `known` (a letter not in it is one the device does not hold). */
export function choicesInMemory(known: Record<string, SealedChoice | null>, addresses: Record<string, string> = {}): SealedChoices & { known: Map<string, SealedChoice | null> } {
  const map = new Map(Object.entries(known));
  return {
    known: map,
    read: async (id) => map.get(id),
    address: async (id) => addresses[id] ?? null,
    write: async (id, choice) => void map.set(id, { mode: choice.mode, trustees: [...choice.trustees] }),
  };
}
