/**
 * Who can complete a survivor task (issue "Promises kept", finding 4: the owner could mark "Have
 * the death formally confirmed" as completed, and the binder then printed it ticked). The default
 * guide's tasks (shared/default-tasks.ts, stable ids `default-<slug>`) happen after the death,
 * except the few an owner can prepare while alive (OWNER_CAN_PREPARE): those others are for the
 * survivors only, and the owner's app shows them without a completion control. A task the owner
 * wrote is theirs to mark.
 */
import { defaultTaskSlug } from './default-tasks';

/** Default tasks an owner can do or prepare themselves, by slug. */
export const OWNER_CAN_PREPARE: ReadonlySet<string> = new Set(['find-will', 'plan-service', 'music-readings', 'devices-passwords']);

/** True for a task only the survivors can complete (the death confirmed, the funeral held…). */
export function survivorsOnly(task: { id: string }): boolean {
  const slug = defaultTaskSlug(task.id);
  return slug !== null && !OWNER_CAN_PREPARE.has(slug);
}
