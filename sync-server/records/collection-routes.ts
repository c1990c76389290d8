/**
 * REST endpoints of SPEC.md §7 for messages, documents, trustees and survivor tasks: GET (list),
 * POST (create, 201), PATCH /:id and DELETE /:id (404 for an unknown id, or another user's).
 * One factory serves all four; every write goes through the RecordService and so through the
 * same merge as sync (shared/sync/README.md rule 16). `userId` always comes from the session.
 * A sealed account's body that writes a sealed field (or names an `hlc`) takes the sealed form:
 * envelopes sealed by the client at its `hlc` (records/sealed-rest.ts; README.md "API").
 */
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import {
  documentCreateSchema,
  documentPatchSchema,
  messageCreateSchema,
  messagePatchSchema,
  survivorTaskCreateSchema,
  survivorTaskPatchSchema,
  trusteeCreateSchema,
  trusteePatchSchema,
  type CollectionName,
} from '../../shared/schema';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../accounts';
import { notFound } from '../http/errors';
import { parseWith, readJson } from '../http/validate';
import { parseSealedRestBody, takesSealedForm } from './sealed-rest';
import type { RecordRouteDeps } from './route-deps';

export interface RestCollection {
  path: string;
  collection: Exclude<CollectionName, 'profile' | 'deathPlan'>;
  create: z.core.$ZodType<Record<string, unknown>>;
  patch: z.core.$ZodType<Record<string, unknown>>;
  /** Fields set by the server on create (besides createdAt). */
  createDefaults?: Record<string, unknown>;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
/** Any JSON body: the form (plain or sealed) is decided once the account's sealing is known. */
const anyJson = z.unknown();

export const REST_COLLECTIONS: RestCollection[] = [
  { path: '/api/messages', collection: 'messages', create: messageCreateSchema, patch: messagePatchSchema, createDefaults: { delivered: false } },
  { path: '/api/documents', collection: 'documents', create: documentCreateSchema, patch: documentPatchSchema },
  { path: '/api/trustees', collection: 'trustees', create: trusteeCreateSchema, patch: trusteePatchSchema },
  { path: '/api/survivor-tasks', collection: 'survivorTasks', create: survivorTaskCreateSchema, patch: survivorTaskPatchSchema },
];

/** Registers the REST routes of every collection in REST_COLLECTIONS. */
export function collectionRoutes(deps: AppDeps, services: RecordRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { records } = services;
  for (const spec of REST_COLLECTIONS) {
    const { path, collection } = spec;
    // Hono's `/x/*` matches `/x` too: ONE mount covers the list and the items, so a request is
    // authenticated once (mounting on both ran the session check twice; issue #20). Budgets: the
    // account frame (http/account-frame.ts).
    app.use(`${path}/*`, requireSession(deps, services));

    // A list costs what the account holds: the frame charges its bytes to the read budget.
    // `c.var` would copy every variable per read; a kept list is sent without an async step (issue 41).
    app.get(path, (c) => {
      const json = records.listJson(c.get('userId'), collection);
      const send = (text: string): Response => c.body(text, 200, JSON_TYPE);
      return typeof json === 'string' ? send(json) : json.then<Response>(send);
    });


    app.post(path, async (c) => {
      const raw = await readJson(c, anyJson);
      const sealing = await records.sealing(c.var.userId);
      if (sealing && takesSealedForm(collection, raw)) {
        const w = parseSealedRestBody(collection, raw, sealing, spec.patch, { create: true });
        const fields = { ...w.fields, ...spec.createDefaults, createdAt: new Date(deps.now()).toISOString() };
        return c.json(await records.writeAt(c.var.userId, collection, w.id!, w.hlc, fields, 'create'), 201);
      }
      const { userId: _ignored, ...body } = parseWith(spec.create, raw);
      const entity = await records.write(c.var.userId, collection, randomUUID(), {
        ...body,
        ...spec.createDefaults,
        createdAt: new Date(deps.now()).toISOString(),
      });
      return c.json(entity, 201);
    });

    app.patch(`${path}/:id`, async (c) => {
      const raw = await readJson(c, anyJson);
      const id = c.req.param('id');
      const sealing = await records.sealing(c.var.userId);
      if (sealing && takesSealedForm(collection, raw)) {
        const w = parseSealedRestBody(collection, raw, sealing, spec.patch, { create: false, pathId: id });
        if (!(await records.get(c.var.userId, collection, id))) throw notFound();
        return c.json(await records.writeAt(c.var.userId, collection, id, w.hlc, w.fields, 'update'));
      }
      const patch = parseWith(spec.patch, raw);
      if (!(await records.get(c.var.userId, collection, id))) throw notFound();
      return c.json(await records.write(c.var.userId, collection, id, patch));
    });

    app.delete(`${path}/:id`, async (c) => {
      const id = c.req.param('id');
      if (!(await records.get(c.var.userId, collection, id))) throw notFound();
      await records.remove(c.var.userId, collection, id);
      return c.json({ ok: true });
    });
  }
  return app;
}
