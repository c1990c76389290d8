/**
 * A full-access trustee's "done" on a survivor task after the release (DESIGN.md §8 "Release";
 * SPEC.md "Survivor tasks": the family works through the owner's list): who and when, kept by the
 * server in its own plain table (`release_task_marks`, one row per owner, task and trustee), NOT
 * in the task record. So a sealed account's tasks can be ticked without any key (its
 * `completionStatus` is sealed and stays the owner's), and every trustee's page sees who did what.
 *
 * `POST /api/trustee/access/:token/tasks/:taskId` with the form field `done` = `yes` | `no`
 * (a plain form that works without JavaScript: 303 back to the page; with `Accept:
 * application/json` the page updates in place from the JSON). "No" clears every trustee's mark on
 * the task: the family's list has one state per task.
 */
import type { Context } from 'hono';
import type { TaskMark } from '../../shared/release/pages';
import { TOMBSTONE_FIELD } from '../../shared/schema/collection-names';
import type { TaskMarkRow } from './store/sqlite-release';
import { ApiHttpError } from '../http/errors';
import type { PageServices } from './page-services';

/** The path of the task form (csrf.ts lets its url-encoded body through, as the report form's). */
export const isTaskMarkForm = (method: string, path: string) =>
  method === 'POST' && /^\/api\/trustee\/access\/[A-Za-z0-9_-]+\/tasks\/[^/]+$/.test(path);

/** What the task form asks: done (true) or not done (false). Throws a 400 naming `done` otherwise. */
export async function parseTaskMarkForm(c: Context): Promise<boolean> {
  const type = c.req.header('content-type') ?? '';
  const raw = /^application\/x-www-form-urlencoded\b/i.test(type) ? (await c.req.parseBody()).done : undefined;
  if (raw === 'yes' || raw === 'no') return raw === 'yes';
  throw new ApiHttpError(400, 'Please say whether the task is done', [{ path: 'done', message: 'Must be "yes" or "no"' }]);
}

/** True when `taskId` is a live survivor task of `ownerId` (sealed or not: only the record's existence is read). */
export async function taskExists(services: PageServices, ownerId: string, taskId: string): Promise<boolean> {
  const r = await services.store.get(ownerId, 'survivorTasks', taskId);
  return !!r && r.values[TOMBSTONE_FIELD] !== true;
}

/**
 * Records trustee `trusteeId`'s answer on `taskId` of `ownerId` at `now` (ms): done adds their mark
 * (a second "done" keeps the first time), not done clears the task's marks.
 */
export async function setTaskDone(services: PageServices, ownerId: string, taskId: string, trusteeId: string, done: boolean, now: number): Promise<void> {
  const store = services.release.store;
  if (done) await store.putTaskMark({ user_id: ownerId, task_id: taskId, trustee_id: trusteeId, done_at: now });
  else await store.clearTaskMarks(ownerId, taskId);
}

/**
 * The marks of `ownerId`'s tasks as trustee `viewerId`'s page shows them: `mine` for their own,
 * the marking trustee's name from `names` (trustee id → name; a plain account's, from its records)
 * or null (a sealed name: the page opens it, or says "another trustee"). Optionally of one task.
 */
export async function taskMarksFor(services: PageServices, ownerId: string, viewerId: string, names: ReadonlyMap<string, string>, taskId?: string): Promise<TaskMark[]> {
  const rows: TaskMarkRow[] = await services.release.store.taskMarks(ownerId);
  return rows
    .filter((r) => taskId === undefined || r.task_id === taskId)
    .map((r) => ({
      taskId: r.task_id,
      trusteeId: r.trustee_id,
      at: new Date(r.done_at).toISOString(),
      mine: r.trustee_id === viewerId,
      name: names.get(r.trustee_id) ?? null,
    }));
}

/** Trustee id → name of a plain account (a sealed name is an envelope: left out, the page opens it). */
export async function plainTrusteeNames(services: PageServices, ownerId: string): Promise<Map<string, string>> {
  if (await services.releaseKeys.sealed(ownerId)) return new Map();
  const trustees = await services.records.list(ownerId, 'trustees');
  return new Map(trustees.map((t) => [t.id, t.name]));
}
