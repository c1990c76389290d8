/**
 * The one form mechanism of every screen that edits a record (issue #14; DESIGN.md §2 "Screens
 * write what changed"): plan, messages, documents, trustees, survivor tasks, profile and the
 * dashboard wizard. Built on react-hook-form and the write path of web/db/edit-session.ts:
 *
 * - When the form opens it takes the record's state as its edit base, and it follows the record
 *   live (dexie-react-hooks over `fieldState`): fields the person has not touched take every new
 *   value at once (`reset(…, { keepDirtyValues: true })`); lists the person edited are merged.
 * - Save writes only the fields the person changed (`dirtyFields`) with `saveEdit`, each with the
 *   clock it was edited from, then re-bases them on the saved state. A record that does not exist
 *   yet is made with `createRecord` holding only the fields that were set (the plan too: a
 *   singleton whose id is the user's id).
 * - A field the person is editing that another device changed meanwhile is a *conflict*: the
 *   screen shows it next to the field (ChangedElsewhere) with "Keep mine" (re-base: the person has
 *   seen theirs) and "Use theirs" (take the store's value; the field is no longer changed).
 * - While the form (when `active`) holds unsaved typing, leaving the screen asks first
 *   (web/forms/unsaved-changes.tsx).
 *
 * Form values are keyed by the record's field names (a nested value, such as the wizard's
 * emergency contact, is one record field); `toForm` and `toRecord` translate between the two.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { type DefaultValues, type FieldValues, type Path, type PathValue, type Resolver, useForm, type UseFormReturn } from 'react-hook-form';
import type { CollectionName, EntityOf } from '../../shared/schema/collections';
import { emptyState, type RecordState } from '../../shared/sync/merge';
import { materialize } from '../../shared/sync/record';
import { useCurrentDb } from '../db/current';
import { createRecord, type EditBase, rebase, saveEdit } from '../db/edit-session';
import { classifyChanges, dirtyNames, listTexts, mergeList, pick } from './record-form-state';
import { useReportUnsaved } from './unsaved-changes';

export interface RecordFormOptions<C extends CollectionName, V extends FieldValues, Out = V> {
  collection: C;
  /** The record edited; null for a create form (a new record with a new id on save). */
  id: string | null;
  /** The form's values for `entity` (null: no record yet). Must be stable for equal input. */
  toForm: (entity: EntityOf[C] | null) => V;
  /** Record fields of some of the form's values (trimmed, blanks as null, dates as ISO strings). */
  toRecord: (values: Partial<V>) => Record<string, unknown>;
  /** The entity as the screen already has it (an edit dialog's card), shown until the store is read. */
  initial?: EntityOf[C] | null;
  /** Field validation (e.g. zodResolver of a shared schema), run by `form.handleSubmit`. */
  resolver?: Resolver<V, unknown, Out>;
  /** Counted as unsaved typing only while active (a closed dialog is not). Default true. */
  active?: boolean;
}

/** A field the person is editing that another device changed since: `theirs` is its value now (form shape). */
export interface FieldConflict<V> {
  field: keyof V & string;
  theirs: V[keyof V];
}

/** What save did: made the record, changed it, or nothing (no field differed from the store). */
export type SaveOutcome = 'created' | 'updated' | 'unchanged';

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
  /**
   * Writes the changed fields (or, with `only`, those fields with these values, e.g. an AI result)
   * and the record fields `also` (e.g. the wizard's profileCompletion), creating the record when
   * it does not exist. Throws LocalWriteError naming an invalid field (nothing written).
   */
  save: (only?: Partial<V>, also?: Record<string, unknown>) => Promise<SaveOutcome>;
  /** Back to the store's values (a create form: empty), nothing changed. */
  discard: () => void;
}

/** react-hook-form reset options that keep what the person typed and the form's messages. */
const KEEP = { keepDirtyValues: true, keepErrors: true, keepTouched: true, keepIsSubmitted: true, keepSubmitCount: true } as const;

/** See the module comment. */
export function useRecordForm<C extends CollectionName, V extends FieldValues, Out = V>(
  opts: RecordFormOptions<C, V, Out>,
): RecordForm<V, Out> {
  const { collection, id, toForm, toRecord, resolver, active = true, initial = null } = opts;
  const db = useCurrentDb((s) => s.db);
  const form = useForm<V, unknown, Out>({ defaultValues: toForm(initial) as DefaultValues<V>, resolver });
  const base = useRef<EditBase<C> | null>(null);
  const [current, setCurrent] = useState<RecordState | null>(id === null ? emptyState() : null);
  // Bumped when the base moves, so conflicts are recomputed.
  const [baseVersion, setBaseVersion] = useState(0);
  const fns = useRef({ toForm, toRecord });
  fns.current = { toForm, toRecord };

  const row = useLiveQuery(
    async () => (db && id !== null ? ((await db.dexie.fieldState.get([collection, id])) ?? null) : undefined),
    [db, collection, id],
  );

  // The entity in `state`: null when the record does not exist (never written, or deleted).
  const entityOf = useCallback(
    (state: RecordState) =>
      db && id !== null && Object.keys(state.clocks).length > 0 ? materialize(collection, id, state, db.userId) : null,
    [db, collection, id],
  );

  // The record changed in the store to `state` (or was read for the first time).
  const absorb = useCallback(
    (state: RecordState) => {
      if (id === null) return;
      const entity = entityOf(state);
      if (!base.current) {
        base.current = { collection, id, state, entity };
        form.reset(fns.current.toForm(entity), KEEP);
        setCurrent(state);
        return;
      }
      // Deleted on another device while open: keep showing what the person saw.
      if (entity === null && base.current.entity !== null) {
        setCurrent(state);
        return;
      }
      const dirty = dirtyNames(form.formState.dirtyFields);
      const { follow, mergeLists } = classifyChanges(base.current, state, dirty);
      const kept: Record<string, unknown> = pick(form.getValues(), dirty);
      for (const f of mergeLists) kept[f] = mergeList(listTexts(base.current.state, f), (kept[f] as string[]) ?? [], listTexts(state, f));
      base.current = { ...rebase(base.current, state, [...follow, ...mergeLists]), entity: entity ?? base.current.entity };
      form.reset(fns.current.toForm(entity), KEEP);
      // keepDirtyValues does not keep a list the person shortened: restore every changed field.
      for (const [f, v] of Object.entries(kept)) form.setValue(f as Path<V>, v as PathValue<V, Path<V>>, { shouldDirty: true });
      setCurrent(state);
      setBaseVersion((n) => n + 1);
    },
    [id, collection, entityOf, form],
  );

  // While a save runs, the store's echo of it is absorbed by the save itself, once re-based.
  const saving = useRef(false);
  useEffect(() => {
    if (row === undefined || saving.current) return;
    absorb(row ? { values: row.values, clocks: row.clocks } : emptyState());
  }, [row, absorb]);

  // react-hook-form updates dirtyFields in place: read it on every render (the read subscribes).
  const dirty = dirtyNames(form.formState.dirtyFields);
  useReportUnsaved(() => active && dirtyNames(form.formState.dirtyFields).length > 0);

  const conflicts: FieldConflict<V>[] = [];
  if (base.current && current && id !== null && baseVersion >= 0) {
    const theirs = fns.current.toForm(entityOf(current));
    for (const f of classifyChanges(base.current, current, dirty).conflicts) conflicts.push({ field: f as keyof V & string, theirs: theirs[f as keyof V] });
  }

  const set = useCallback(
    <K extends keyof V & string>(field: K, value: V[K]) => {
      form.setValue(field as unknown as Path<V>, value as PathValue<V, Path<V>>, { shouldDirty: true });
      form.clearErrors(field as unknown as Path<V>);
    },
    [form],
  );

  const keepMine = useCallback(
    (field: keyof V & string) => {
      if (!base.current || !current) return;
      base.current = rebase(base.current, current, [field]);
      setBaseVersion((n) => n + 1);
    },
    [current],
  );

  const takeTheirs = useCallback(
    (field: keyof V & string) => {
      if (!base.current || !current) return;
      base.current = rebase(base.current, current, [field]);
      // The form's defaults already are the store's values: setting theirs makes the field unchanged.
      // (resetField would ignore a field that is controlled rather than registered.)
      form.setValue(field as unknown as Path<V>, fns.current.toForm(entityOf(current))[field] as PathValue<V, Path<V>>, { shouldDirty: true });
      form.clearErrors(field as unknown as Path<V>);
      setBaseVersion((n) => n + 1);
    },
    [current, form, entityOf],
  );

  const save = useCallback(
    async (only?: Partial<V>, also: Record<string, unknown> = {}): Promise<SaveOutcome> => {
      if (!db) throw new Error('No local database is open: sign in first');
      if (only) for (const [f, v] of Object.entries(only)) form.setValue(f as Path<V>, v as PathValue<V, Path<V>>, { shouldDirty: true });
      const values = form.getValues();
      const fields = only ? Object.keys(only) : dirtyNames(form.formState.dirtyFields);
      if (id === null) {
        // A new record: every field that is set (createRecord leaves blanks out).
        await createRecord(db, collection, { ...fns.current.toRecord(values), ...also });
        form.reset(fns.current.toForm(null));
        return 'created';
      }
      if (fields.length === 0 && Object.keys(also).length === 0) return 'unchanged';
      const record = { ...fns.current.toRecord(pick(values, fields)), ...also };
      saving.current = true;
      try {
        const read = () => db.dexie.transaction('r', db.dexie.fieldState, () => db.readState(collection, id));
        const before = await read();
        let outcome: SaveOutcome;
        if (Object.keys(before.clocks).length === 0) {
          await createRecord(db, collection, record, id);
          outcome = 'created';
        } else {
          const b = base.current ?? { collection, id, state: before, entity: entityOf(before) };
          outcome = (await saveEdit(db, b, record)) ? 'updated' : 'unchanged';
        }
        // Re-base the saved fields on the saved state (they are no longer changed), then take
        // whatever else changed meanwhile.
        const after = await read();
        const saved = fns.current.toForm(entityOf(after));
        base.current = rebase(base.current ?? { collection, id, state: emptyState(), entity: null }, after, fields);
        if (base.current.entity === null) base.current = { ...base.current, entity: entityOf(after) };
        // The saved fields show the saved values; absorb() then makes them the defaults (unchanged).
        for (const f of fields) form.setValue(f as Path<V>, saved[f as keyof V] as PathValue<V, Path<V>>, { shouldDirty: true });
        absorb(after);
        return outcome;
      } finally {
        saving.current = false;
      }
    },
    [db, collection, id, form, entityOf, absorb],
  );

  const discard = useCallback(() => {
    form.reset(fns.current.toForm(id === null || !current ? null : entityOf(current)));
    if (base.current && current) base.current = rebase(base.current, current, Object.keys(current.clocks));
    setBaseVersion((n) => n + 1);
  }, [form, id, current, entityOf]);

  const errors = form.formState.errors;
  return {
    form,
    loaded: current !== null,
    exists: current !== null && entityOf(current) !== null,
    values: form.watch(),
    set,
    errorOf: (field) => errors[field]?.message as string | undefined,
    setErrors: (found) => {
      for (const [f, message] of Object.entries(found)) if (message) form.setError(f as Path<V>, { type: 'manual', message: message as string });
    },
    dirty,
    conflicts,
    keepMine,
    takeTheirs,
    save,
    discard,
  };
}

