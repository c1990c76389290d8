/**
 * Reading and validating request input. Only `application/json` bodies are accepted for writes
 * (a simple content type is how a cross-site form would post: refusing it closes that CSRF path).
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { ApiHttpError, invalid } from './errors';

/**
 * Parses the JSON body of `c` with `schema`. Throws 415 for another content type, 400 for
 * malformed JSON or a body that fails the schema (with `issues` naming each field).
 */
export async function readJson<S extends z.core.$ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new ApiHttpError(415, 'Content-Type must be application/json');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new ApiHttpError(400, 'Malformed JSON body');
  }
  return parseWith(schema, raw);
}

/** Validates `value` with `schema`; throws a 400 naming the fields otherwise. */
export function parseWith<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw invalid(result.error);
  return result.data;
}
