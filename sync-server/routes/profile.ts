/** `GET` and `PATCH /api/user/profile` (SPEC.md §7): the signed-in user, account plus profile record. */
import { Hono } from 'hono';
import { profilePatchSchema } from '../../shared/schema';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../auth/middleware';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import type { Services } from '../services';
import { userJson } from './user-json';

export function profileRoutes(deps: AppDeps, services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const s = services;
  app.use('/api/user/*', requireSession(deps, services));

  const current = async (userId: string) => {
    const row = await s.accounts.findById(userId);
    if (!row) throw new ApiHttpError(401, 'Not signed in');
    return row;
  };

  app.get('/api/user/profile', async (c) => c.json(await userJson(s, await current(c.var.userId))));

  app.patch('/api/user/profile', async (c) => {
    const patch = await readJson(c, profilePatchSchema);
    const row = await current(c.var.userId);
    await s.records.write(row.id, 'profile', row.id, patch);
    return c.json(await userJson(s, row));
  });
  return app;
}
