/**
 * A form of a few text fields checked by a zod schema loaded on first use, without
 * react-hook-form (issue 41: the sign-in and sign-up pages stay under 100 KB of JS, and
 * react-hook-form with its resolver is 12 KB gzip of it). It keeps what those pages had with
 * react-hook-form and its zodResolver, so the person sees no change:
 * - the fields stay uncontrolled (what a person typed before the page was live is kept; autofill
 *   works); the values are read from the fields when the form is submitted; a field that replaces
 *   a prerendered page's field (another language: web/main.tsx) takes what was typed there
 *   (./typed-before-render.ts);
 * - the schema's first message for a field shows under it (FormField), each field's in turn;
 * - a submit with an invalid field focuses the first invalid field, in the fields' order, and
 *   calls `onInvalid`; a valid one calls `onValid` with the schema's output (trimmed, NFKC);
 * - once submitted, a change re-checks the form and updates that field's message only;
 * - `isSubmitting` is true from the press until `onValid` has settled.
 * The schema comes from `lazySchema` (its chunk, and zod, fetched on first use or `preload()`).
 */
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { carryTyped } from './typed-before-render';

/** What a zod (or zod/mini) schema's `safeParse` answers; only its issues' first path part and message are read. */
type ParseResult<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** A schema of the form's values: zod's `safeParse`. */
export interface FormSchema<T> {
  safeParse(values: unknown): ParseResult<T>;
}

/** A schema loaded on first use: `get()` (the same promise each time; a failed load is tried again) and `preload()`. */
export interface LazySchema<T> {
  get: () => Promise<FormSchema<T>>;
  /** Starts loading the schema; never throws (the submit loads again and fails then). */
  preload: () => void;
}

/** `load` (e.g. `() => import('…/schema/auth').then((m) => m.loginSchema)`) run once, on first use. */
export function lazySchema<T>(load: () => Promise<FormSchema<T>>): LazySchema<T> {
  let loading: Promise<FormSchema<T>> | undefined;
  const get = () =>
    (loading ??= load().catch((err: unknown) => {
      loading = undefined;
      throw err;
    }));
  return { get, preload: () => void get().catch(() => undefined) };
}

/** Each field's message: the first issue whose path starts with it (as zodResolver did). */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * The messages of `values` under `schema`, per field (the first issue of each), and the parsed
 * values when there is none. Pure: for the hook below and its tests.
 */
export function checkFields<K extends string, T>(schema: FormSchema<T>, values: Record<K, string>): { ok: true; data: T } | { ok: false; errors: FieldErrors<K> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    if (!(field in errors)) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The first of `fields` (in the form's order) that has a message in `errors`, if any. */
export function firstInvalid<K extends string>(fields: readonly K[], errors: FieldErrors<K>): K | undefined {
  return fields.find((f) => errors[f] !== undefined);
}

/**
 * The form's state for `fields` (in the order they show) under `schema`. Returns `register(name)`
 * (spread on the field's input: name, ref, onChange), `errors`, `isSubmitting` and
 * `handleSubmit(onValid, onInvalid?)` for the form's onSubmit. Throws (from the submit handler)
 * what `onValid` throws, and when the schema cannot be loaded.
 */
export function useSchemaForm<K extends string, T>(schema: LazySchema<T>, fields: readonly K[]) {
  const inputs = useRef(new Map<K, HTMLInputElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const values = () => Object.fromEntries(fields.map((f) => [f, inputs.current.get(f)?.value ?? ''])) as Record<K, string>;

  /** Once the form was submitted, a change re-checks it and updates the changed field's message. */
  const recheck = async (field: K) => {
    if (!submitted.current) return;
    const checked = checkFields(await schema.get(), values());
    setErrors((shown) => ({ ...shown, [field]: checked.ok ? undefined : checked.errors[field] }));
  };

  const register = (name: K) => ({
    name,
    ref: (el: HTMLInputElement | null) => {
      if (el) {
        inputs.current.set(name, el);
        carryTyped(el); // what was typed into the prerendered page's field before this one replaced it
      } else inputs.current.delete(name);
    },
    onChange: (_event: ChangeEvent<HTMLInputElement>) => void recheck(name),
  });

  const handleSubmit = (onValid: (data: T) => Promise<void>, onInvalid?: (errors: FieldErrors<K>) => void) => async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    try {
      submitted.current = true;
      const checked = checkFields(await schema.get(), values());
      if (!checked.ok) {
        setErrors(checked.errors);
        const first = firstInvalid(fields, checked.errors);
        if (first) inputs.current.get(first)?.focus();
        onInvalid?.(checked.errors);
        return;
      }
      setErrors({});
      await onValid(checked.data);
    } finally {
      setSubmitting(false);
    }
  };

  return { register, errors, isSubmitting, handleSubmit };
}
