/**
 * `GET`, `POST` and `PATCH /api/death-plan` (SPEC.md §7). One plan per user whose id is the
 * user's id (shared/sync/README.md rule 7), so a POST from two devices never makes two plans:
 * a second POST merges into the same record. `GET` with no plan answers 200 `null`.
 */
import { Hono } from 'hono';
import { deathPlanCreateSchema, deathPlanPatchSchema } from '../../shared/schema';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../auth/middleware';
import { notFound } from '../http/errors';
import { readJson } from '../http/validate';
import type { Services } from '../services';

export function deathPlanRoutes(deps: AppDeps, services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { records } = services;
  app.use('/api/death-plan/*', requireSession(deps, services)); // matches '/api/death-plan' too: one session check

  app.get('/api/death-plan', async (c) => c.json(await records.get(c.var.userId, 'deathPlan', c.var.userId)));

  app.post('/api/death-plan', async (c) => {
    const { userId: _ignored, ...body } = await readJson(c, deathPlanCreateSchema);
    const uid = c.var.userId;
    const existing = await records.get(uid, 'deathPlan', uid);
    const plan = await records.write(uid, 'deathPlan', uid, {
      ...(existing ? {} : { createdAt: new Date(deps.now()).toISOString(), completed: false }),
      ...body,
    });
    return c.json(plan, existing ? 200 : 201);
  });

  app.patch('/api/death-plan/:id', async (c) => {
    const { id: _id, userId: _u, createdAt: _c, ...patch } = await readJson(c, deathPlanPatchSchema);
    const uid = c.var.userId;
    if (c.req.param('id') !== uid || !(await records.get(uid, 'deathPlan', uid))) throw notFound();
    return c.json(await records.write(uid, 'deathPlan', uid, patch));
  });
  return app;
}
