/**
 * A react-hook-form resolver whose zod schema (and zod itself) loads on first use (issue #20:
 * a form's page does not wait for zod, whose core is ~25 KB gzip; the forgot- and reset-password
 * forms). The sign-in and sign-up forms do the same without react-hook-form (./schema-form.ts,
 * issue 41: their pages' first scripts). `load`
 * returns the schema, e.g. `() => import('../../shared/schema/auth').then((m) => m.loginSchema)`.
 * Validation is the same zodResolver as before, so messages and field errors are unchanged; the
 * first validation waits for the chunk (the service worker has it precached offline). Call
 * `preload()` when the person starts on the form so the wait is already over by the first submit.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod/mini';

export interface LazyResolver<T extends FieldValues> extends Resolver<T> {
  /** Starts loading the schema and the resolver; safe to call many times. */
  preload: () => void;
}

export function lazyZodResolver<T extends FieldValues>(load: () => Promise<z.ZodMiniType>): LazyResolver<T> {
  let ready: Promise<Resolver<T>> | undefined;
  const get = () =>
    (ready ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, m]) => m.zodResolver(schema as never) as unknown as Resolver<T>,
    ));
  const resolver: Resolver<T> = async (values, context, options) => (await get())(values, context, options);
  return Object.assign(resolver, { preload: () => void get() });
}
