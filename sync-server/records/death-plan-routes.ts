/**
 * `GET`, `POST` and `PATCH /api/death-plan` (SPEC.md §7). One plan per user whose id is the
 * user's id (shared/sync/README.md rule 7), so a POST from two devices never makes two plans:
 * a second POST merges into the same record. `GET` with no plan answers 200 `null`. A sealed
 * account writes it in the sealed form (records/sealed-rest.ts; README.md "API").
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { deathPlanCreateSchema, deathPlanPatchSchema } from '../../shared/schema';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../accounts';
import { notFound } from '../http/errors';
import { parseWith, readJson } from '../http/validate';
import type { SealedAccount } from './sealed-check';
import { parseSealedRestBody, takesSealedForm } from './sealed-rest';
import type { RecordRouteDeps } from './route-deps';

/** A plan's only plain field is `createdAt`, which the server sets: the sealed form has no plain field. */
const NO_PLAIN_FIELDS = z.strictObject({});

export function deathPlanRoutes(deps: AppDeps, services: RecordRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { records } = services;
  app.use('/api/death-plan/*', requireSession(deps, services)); // matches '/api/death-plan' too: one session check

  app.get('/api/death-plan', async (c) => c.json(await records.get(c.var.userId, 'deathPlan', c.var.userId)));

  /** A sealed account's sealed form (records/sealed-rest.ts): created or updated at the client's HLC. */
  const writeSealed = async (uid: string, raw: unknown, sealing: SealedAccount, existing: boolean) => {
    const w = parseSealedRestBody('deathPlan', raw, sealing, NO_PLAIN_FIELDS, { create: false, pathId: uid });
    const fields = existing ? w.fields : { ...w.fields, createdAt: new Date(deps.now()).toISOString() };
    return records.writeAt(uid, 'deathPlan', uid, w.hlc, fields, existing ? 'update' : 'create');
  };

  app.post('/api/death-plan', async (c) => {
    const raw = await readJson(c, z.unknown());
    const uid = c.var.userId;
    const existing = await records.get(uid, 'deathPlan', uid);
    const sealing = await records.sealing(uid);
    if (sealing && takesSealedForm('deathPlan', raw)) return c.json(await writeSealed(uid, raw, sealing, existing !== null), existing ? 200 : 201);
    const { userId: _ignored, ...body } = parseWith(deathPlanCreateSchema, raw);
    const plan = await records.write(uid, 'deathPlan', uid, {
      ...(existing ? {} : { createdAt: new Date(deps.now()).toISOString(), completed: false }),
      ...body,
    });
    return c.json(plan, existing ? 200 : 201);
  });

  app.patch('/api/death-plan/:id', async (c) => {
    const raw = await readJson(c, z.unknown());
    const uid = c.var.userId;
    if (c.req.param('id') !== uid || !(await records.get(uid, 'deathPlan', uid))) throw notFound();
    const sealing = await records.sealing(uid);
    if (sealing && takesSealedForm('deathPlan', raw)) return c.json(await writeSealed(uid, raw, sealing, true));
    const { id: _id, userId: _u, createdAt: _c, ...patch } = parseWith(deathPlanPatchSchema, raw);
    return c.json(await records.write(uid, 'deathPlan', uid, patch));
  });
  return app;
}
