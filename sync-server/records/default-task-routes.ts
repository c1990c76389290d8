/**
 * `POST /api/survivor-tasks/generate-defaults` (SPEC.md §7): writes the default survivor-task
 * guide (shared/default-tasks.ts) for the signed-in user as generated content (shared/sync/README.md
 * rule 18): the same stable record ids, list-item ids and fixed low HLCs the PWA writes, through
 * the one merge. A field is only filled where it was never written, so calling it twice, or after
 * the PWA generated the guide offline, never duplicates a task, and a task the person edited or
 * completed (on any device, synced in any order) stays as they left it; a task deleted here is
 * brought back by a normal write, as the empty list's button does on a device that saw it deleted
 * (rule 18). No body;
 * `userId` comes from the session. Answers 201 with the guide's live tasks as they now stand.
 * A sealed account's guide is written and sealed by its device (web/db/generated.ts): the server
 * cannot seal, so it answers 422 `{ error, issues }` naming the sealed field and writes nothing
 * (issue 29 "Fields the server writes today move to the device"; RecordService.writeGenerated).
 */
import { Hono } from 'hono';
import { defaultTaskRecords, validateChange, type Change } from '../../shared/sync';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../accounts';
import { ApiHttpError } from '../http/errors';
import type { RecordRouteDeps } from './route-deps';

export function defaultTaskRoutes(deps: AppDeps, services: RecordRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { records, store } = services;
  const sealedGuide = (field: string) => {
    const reason = `survivorTasks.${field}: this account's words are end-to-end encrypted, so the server cannot write the default task guide; your device adds it (Tasks, 'Generate Default Tasks')`;
    return new ApiHttpError(422, reason, [{ path: field, message: reason }]);
  };

  app.post('/api/survivor-tasks/generate-defaults', requireSession(deps, services), async (c) => {
    const userId = c.var.userId;
    if (await records.sealing(userId)) throw sealedGuide('title');
    const generated = defaultTaskRecords();
    const changes: Change[] = generated.map(({ id, hlc, fields }) => {
      const result = validateChange({ collection: 'survivorTasks', id, hlc, fields }, { actor: 'server', userId });
      if (!result.ok) throw new ApiHttpError(500, 'The default task guide is invalid');
      return result.change;
    });
    // The merge keeps every field a person wrote (rule 18). A deleted task is brought back by a
    // normal server write: asking the server for the guide is an informed request (it holds every
    // delete it was sent), as is the empty list's button on a device that saw the deletes.
    // The guide is merged in one transaction of the store, through admission (limits; a sealing
    // that finished since the check above is refused there); each undelete is a write of its own,
    // so a failure part-way leaves a state a second call completes (every step is idempotent).
    await records.writeGenerated(userId, changes);
    for (const { id } of generated) {
      if ((await store.get(userId, 'survivorTasks', id))?.values._deleted === true) await records.write(userId, 'survivorTasks', id, { _deleted: false });
    }
    const tasks = (await Promise.all(generated.map(({ id }) => records.get(userId, 'survivorTasks', id)))).filter((x) => x !== null);
    return c.json(tasks, 201);
  });
  return app;
}
