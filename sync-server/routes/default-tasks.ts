/**
 * `POST /api/survivor-tasks/generate-defaults` (SPEC.md §7): writes the default survivor-task
 * guide (shared/default-tasks.ts) for the signed-in user, with the guide's stable record ids and
 * stable list-item ids, through the same merge as every other write (shared/sync/README.md
 * rule 16). So calling it twice, or after the PWA generated the guide offline, never duplicates
 * a task. A default task the person can see (live) is left as it is, so their edits survive; a
 * deleted one comes back. No body; `userId` comes from the session. Answers 201 with the guide's
 * tasks as they now stand.
 */
import { Hono } from 'hono';
import { DEFAULT_SURVIVOR_TASKS, defaultTaskItemId } from '../../shared/default-tasks';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../auth/middleware';
import type { Services } from '../services';

export function defaultTaskRoutes(deps: AppDeps, services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { records } = services;

  app.post('/api/survivor-tasks/generate-defaults', requireSession(deps, services), (c) => {
    const userId = c.var.userId;
    const createdAt = new Date(deps.now()).toISOString();
    // One SQLite transaction: the whole guide is written, or none of it.
    const tasks = deps.db.transaction(() =>
      DEFAULT_SURVIVOR_TASKS.map(
        ({ id, ...fields }) =>
          records.get(userId, 'survivorTasks', id) ??
          records.write(userId, 'survivorTasks', id, { ...fields, createdAt, _deleted: false }, defaultTaskItemId),
      ),
    )();
    return c.json(tasks, 201);
  });
  return app;
}
