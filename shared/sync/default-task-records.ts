/**
 * The default survivor-task guide as generated records (rule 18 of shared/sync/README.md; the stamps
 * are generated.ts's). Its own module so that the guide's text (~8 KB gzip) is loaded by a device
 * only when it writes the guide (web/db/generated.ts imports this on use, issue #20).
 */
import { DEFAULT_SURVIVOR_TASKS, defaultTaskItemId } from '../default-tasks';
import { DEFAULT_TASKS_CREATED_AT, generatedHlc } from './generated';
import { emptyState } from './merge';
import { fieldsOfPatch } from './record';
import type { Hlc } from './hlc';

/** One generated record: its id, its fixed HLC and its whole set of sync fields (lists item by item). */
export interface GeneratedRecord {
  id: string;
  hlc: Hlc;
  fields: Record<string, unknown>;
}

/** The default survivor tasks as generated records (stable record ids and list-item ids). */
export function defaultTaskRecords(): GeneratedRecord[] {
  return DEFAULT_SURVIVOR_TASKS.map(({ id, ...fields }, index) => ({
    id,
    hlc: generatedHlc(index),
    fields: fieldsOfPatch('survivorTasks', emptyState(), { ...fields, createdAt: DEFAULT_TASKS_CREATED_AT }, defaultTaskItemId),
  }));
}
