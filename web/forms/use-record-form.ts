/**
 * The one form mechanism of every screen that edits a record (issue #14; DESIGN.md §2 "Screens
 * write what changed"): plan, messages, documents, trustees, survivor tasks, profile and the
 * dashboard wizard. A react-hook-form form driven by a RecordFormSession (record-form-session.ts,
 * which holds the logic): it follows the record live (dexie-react-hooks over `fieldState`), saves
 * only the fields the person changed, creates with only the fields set, and lists the fields
 * another device changed while the person edits them (shown with ChangedElsewhere). While the
 * form (when `active`) holds unsaved typing, leaving the screen or closing its dialog asks first
 * (unsaved-changes.tsx); a form becoming inactive drops what was typed.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { type DefaultValues, type FieldValues, type Path, type PathValue, type Resolver, useForm, type UseFormReturn } from 'react-hook-form';
import type { CollectionName, EntityOf } from '../../shared/schema/collections';
import { emptyState } from '../../shared/sync/merge';
import { useCurrentDb } from '../db/current';
import { dirtyNames } from './record-form-state';
import { type FieldConflict, RecordFormSession, type RecordFormSpec, type SaveOutcome } from './record-form-session';
import { useReportUnsaved } from './unsaved-changes';
import { maxLengthOf } from './field-limits';

export type { FieldConflict, SaveOutcome };

export interface RecordFormOptions<C extends CollectionName, V extends FieldValues, Out = V> extends RecordFormSpec<C, V> {
  /** The entity as the screen already has it (an edit dialog's card), shown until the store is read. */
  initial?: EntityOf[C] | null;
  /** Field validation (e.g. zodResolver of a shared schema), run by `form.handleSubmit`. */
  resolver?: Resolver<V, unknown, Out>;
  /** Counted as unsaved typing only while active (a closed dialog is not). Default true. */
  active?: boolean;
}

export interface RecordForm<V extends FieldValues, Out = V> {
  form: UseFormReturn<V, unknown, Out>;
  /** The record has been read (the form shows it). */
  loaded: boolean;
  /** The record exists in the local store now (false for a create form). */
  exists: boolean;
  /** The form's current values (re-rendering on every change). */
  values: V;
  /** Sets a field as the person's change (and clears its error). */
  set: <K extends keyof V & string>(field: K, value: V[K]) => void;
  /** The shared limit of a text field (LIMITS, shared/schema/common.ts), for its input's `maxLength`. */
  maxLength: (field: keyof V & string) => number | undefined;
  /** The error message shown under `field`, if any. */
  errorOf: (field: keyof V & string) => string | undefined;
  /** Shows `errors` under their fields (from a screen's own checks, e.g. validateForm). */
  setErrors: (errors: Partial<Record<keyof V & string, string | undefined>>) => void;
  /** Names of the fields the person changed and has not saved. */
  dirty: string[];
  /** Fields the person is editing that another device changed meanwhile. */
  conflicts: FieldConflict<V>[];
  /** Keeps the person's value of `field` (their next save is an edit of the value they saw). */
  keepMine: (field: keyof V & string) => void;
  /** Takes the other device's value of `field` (the field is no longer changed). */
  takeTheirs: (field: keyof V & string) => void;
  /** RecordFormSession.save: writes what changed (or `only`), with `also`. Throws LocalWriteError. */
  save: (only?: Partial<V>, also?: Record<string, unknown>) => Promise<SaveOutcome>;
  /** Back to the store's values (a create form: empty), nothing changed. */
  discard: () => void;
}

const NO_DB = 'No local database is open: sign in first';

/** See the module comment. */
export function useRecordForm<C extends CollectionName, V extends FieldValues, Out = V>(
  opts: RecordFormOptions<C, V, Out>,
): RecordForm<V, Out> {
  const { collection, id, toForm, toRecord, resolver, active = true, initial = null } = opts;
  const db = useCurrentDb((s) => s.db);
  const form = useForm<V, unknown, Out>({ defaultValues: toForm(initial) as DefaultValues<V>, resolver });
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const session = useMemo(
    () => (db ? new RecordFormSession<C, V>(db, { collection, id, toForm, toRecord }, form, () => form.formState.dirtyFields, rerender) : null),
    // A new session only for a new record; toForm/toRecord are refreshed on every render below.
    [db, collection, id, form],
  );
  if (session) session.spec = { collection, id, toForm, toRecord };

  const row = useLiveQuery(
    async () => (db && id !== null ? ((await db.dexie.fieldState.get([collection, id])) ?? null) : undefined),
    [db, collection, id],
  );
  useEffect(() => {
    if (session && row !== undefined) session.absorb(row ? { values: row.values, clocks: row.clocks } : emptyState());
  }, [session, row]);

  // react-hook-form updates dirtyFields in place: read it on every render (the read subscribes).
  const dirty = dirtyNames(form.formState.dirtyFields);
  useReportUnsaved(() => active && (session?.dirty().length ?? 0) > 0, active && dirty.length > 0);
  // A form left (its dialog closed, after "Leave without saving" when it held typing) drops that
  // typing: opened again, it starts from the record (a create form: empty).
  const wasActive = useRef(active);
  useEffect(() => {
    if (wasActive.current && !active) session?.discard();
    wasActive.current = active;
  }, [active, session]);

  const set = useCallback(
    <K extends keyof V & string>(field: K, value: V[K]) => {
      form.setValue(field as unknown as Path<V>, value as PathValue<V, Path<V>>, { shouldDirty: true });
      form.clearErrors(field as unknown as Path<V>);
    },
    [form],
  );

  const errors = form.formState.errors;
  return {
    form,
    loaded: session?.loaded ?? false,
    exists: session?.exists ?? false,
    values: form.watch(),
    set,
    maxLength: (field) => maxLengthOf(collection, field),
    errorOf: (field) => errors[field]?.message as string | undefined,
    setErrors: (found) => {
      for (const [f, message] of Object.entries(found)) if (message) form.setError(f as Path<V>, { type: 'manual', message: message as string });
    },
    dirty,
    conflicts: session?.conflicts() ?? [],
    keepMine: (field) => session?.keepMine(field),
    takeTheirs: (field) => session?.takeTheirs(field),
    save: (only, also) => (session ? session.save(only, also) : Promise.reject(new Error(NO_DB))),
    discard: () => session?.discard(),
  };
}
