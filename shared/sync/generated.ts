/**
 * Generated content (rule 18 of shared/sync/README.md): records the app writes on a person's
 * behalf, such as the default survivor-task guide, are stamped with fixed HLCs at wall time 1 ms,
 * node `generated`, and a counter per record. Every real write (wall time ≥ 2020) is greater, so
 * any edit or delete a person made on any device wins over generated content, whatever the order
 * in which devices generate and sync. Every device, and the server, computes the same change for
 * a record (same HLC, same fields, same values), so a change's HLC stays its id (rule 8).
 */
import { formatHlc, type Hlc } from './hlc';
import type { RecordState } from './merge';

/** The node id of generated content's timestamps. */
export const GENERATED_NODE = 'generated';
/** The createdAt of every default task: one fixed value, so that every device writes the same. */
export const DEFAULT_TASKS_CREATED_AT = '2026-01-01T00:00:00.000Z';

/** The fixed timestamp of the `index`-th generated record (rule 18). */
export function generatedHlc(index: number): Hlc {
  return formatHlc({ ms: 1, counter: index, node: GENERATED_NODE });
}

/**
 * The fields of `generated` this record has never had written (no clock at all in `state`):
 * generated content only fills gaps, it never rewrites (nor un-deletes) anything (rule 18).
 */
export function missingFields(state: RecordState, generated: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(generated)) if (!(key in state.clocks)) out[key] = value;
  return out;
}
