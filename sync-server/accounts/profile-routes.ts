/**
 * `GET` and `PATCH /api/user/profile` (SPEC.md §7): the signed-in user, account plus profile
 * record. A sealed account's sealed fields take the sealed form (records/sealed-rest.ts).
 * `PUT /api/user/language` (issue 44, beyond SPEC.md): the account's language, `{ language }` one
 * of shared/languages.ts (else 400 `{ error, issues }` naming `language`); answers `{ language }`.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { languagePutSchema, profilePatchSchema } from '../../shared/schema';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from './index';
import { ApiHttpError } from '../http/errors';
import { parseWith, readJson } from '../http/validate';
import { parseSealedRestBody, takesSealedForm, type RecordService } from '../records';
import { userJson, type UserJsonSources } from './user-json';
import type { SessionDeps } from './session-deps';

/** What the profile routes use (app.ts passes its Services): the account store, the owner's records and keys (the user object). */
export interface ProfileRouteDeps extends SessionDeps, Omit<UserJsonSources, 'accounts'> {
  records: RecordService;
}

export function profileRoutes(deps: AppDeps, services: ProfileRouteDeps): Hono<AppEnv> {
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
    const raw = await readJson(c, z.unknown());
    const row = await current(c.var.userId);
    const sealing = await s.records.sealing(row.id);
    if (sealing && takesSealedForm('profile', raw)) {
      const w = parseSealedRestBody('profile', raw, sealing, profilePatchSchema, { create: false, pathId: row.id });
      await s.records.writeAt(row.id, 'profile', row.id, w.hlc, w.fields, 'update');
    } else await s.records.write(row.id, 'profile', row.id, parseWith(profilePatchSchema, raw));
    return c.json(await userJson(s, row));
  });

  app.put('/api/user/language', async (c) => {
    const { language } = await readJson(c, languagePutSchema);
    const row = await current(c.var.userId);
    await s.accounts.setLanguage(row.id, language);
    return c.json({ language });
  });
  return app;
}
