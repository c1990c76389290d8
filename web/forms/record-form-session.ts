/**
 * The logic of one open record form, apart from React (issue #14; DESIGN.md §2 "Screens write
 * what changed"), so tests drive exactly what the screens run: react-hook-form's control (from
 * useForm, or createFormControl in a test) and the write path of web/db/edit-session.ts.
 *
 * - `absorb(state)` takes each new state of the record from the store (the hook calls it from a
 *   live query): the first one is the edit base; afterwards fields the person has not touched take
 *   the new values (`reset(…, { keepDirtyValues: true })`) and their base moves along (the person
 *   has now seen them); lists the person edited are merged (mergeList); other fields the person
 *   edited and another device changed are *conflicts*.
 * - `save()` writes only the fields the person changed (`dirtyFields`), each with the clock it was
 *   edited from (`saveEdit`), or creates the record holding only the fields set (`createRecord`;
 *   a singleton such as the plan gets the user's id), then re-bases the saved fields.
 * - `keepMine(field)` re-bases a conflict (the person saw theirs); `takeTheirs(field)` takes the
 *   store's value (the field is no longer changed).
 * Form values are keyed by the record's field names; `toForm` / `toRecord` translate.
 */
import type { FieldValues, KeepStateOptions, Path, PathValue } from 'react-hook-form';
import type { CollectionName, EntityOf } from '../../shared/schema/collections';
import { emptyState, type RecordState } from '../../shared/sync/merge';
import { materialize } from '../../shared/sync/record';
import { createRecord, type EditBase, rebase, saveEdit } from '../db/edit-session';
import { LocalWriteError, type UserDatabase } from '../db/user-database';
import { describeWriteError } from './field-limits';
import { classifyChanges, dirtyNames, listTexts, mergeList, pick } from './record-form-state';

/** What the session needs of react-hook-form (useForm's return, or createFormControl's `formControl`). */
export interface FormApi<V extends FieldValues> {
  getValues: () => V;
  setValue: (name: Path<V>, value: PathValue<V, Path<V>>, options?: { shouldDirty?: boolean }) => void;
  reset: (values?: V, options?: KeepStateOptions) => void;
  clearErrors: (name?: Path<V>) => void;
  setError: (name: Path<V>, error: { type: string; message: string }) => void;
}

/** The record a form edits, and how its values translate. */
export interface RecordFormSpec<C extends CollectionName, V extends FieldValues> {
  collection: C;
  /** The record edited; null for a create form (a new record with a new id on save). */
  id: string | null;
  /** The form's values for `entity` (null: no record yet). */
  toForm: (entity: EntityOf[C] | null) => V;
  /** Record fields of some of the form's values (trimmed, blanks as null, dates as ISO strings). */
  toRecord: (values: Partial<V>) => Record<string, unknown>;
}

/** A field the person is editing that another device changed since: `theirs` is its value now (form shape). */
export interface FieldConflict<V> {
  field: keyof V & string;
  theirs: V[keyof V];
}

/** What save did: made the record, changed it, or nothing (no field differed from the store). */
export type SaveOutcome = 'created' | 'updated' | 'unchanged';

/** react-hook-form reset options that keep what the person typed and the form's messages. */
const KEEP: KeepStateOptions = { keepDirtyValues: true, keepErrors: true, keepTouched: true, keepIsSubmitted: true, keepSubmitCount: true };

export class RecordFormSession<C extends CollectionName, V extends FieldValues> {
  private base: EditBase<C> | null = null;
  private current: RecordState | null;
  private saving = false;

  /**
   * `dirtyFields` reads react-hook-form's formState.dirtyFields; `onChange` is called whenever
   * what the session shows (loaded, exists, conflicts) may have changed.
   */
  constructor(
    private readonly db: UserDatabase,
    public spec: RecordFormSpec<C, V>,
    private readonly form: FormApi<V>,
    private readonly dirtyFields: () => object,
    private readonly onChange: () => void = () => {},
  ) {
    this.current = spec.id === null ? emptyState() : null;
  }

  /** The record has been read (a create form: at once). */
  get loaded(): boolean {
    return this.current !== null;
  }

  /** The record exists in the local store (false for a create form, or before its first save). */
  get exists(): boolean {
    return this.current !== null && this.entityOf(this.current) !== null;
  }

  /** Names of the fields the person changed and has not saved. */
  dirty(): string[] {
    return dirtyNames(this.dirtyFields());
  }

  /** The entity in `state`: null when the record does not exist (never written, or deleted). */
  private entityOf(state: RecordState): EntityOf[C] | null {
    const { collection, id } = this.spec;
    return id !== null && Object.keys(state.clocks).length > 0 ? materialize(collection, id, state, this.db.userId) : null;
  }

  private setField(field: string, value: unknown): void {
    this.form.setValue(field as Path<V>, value as PathValue<V, Path<V>>, { shouldDirty: true });
  }

  /** The record as it is now in the store (from the hook's live query). Ignored while saving. */
  absorb(state: RecordState): void {
    if (this.saving) return;
    this.take(state);
  }

  private take(state: RecordState): void {
    const { collection, id, toForm } = this.spec;
    if (id === null) return;
    const entity = this.entityOf(state);
    this.current = state;
    if (!this.base) {
      this.base = { collection, id, state, entity };
      this.form.reset(toForm(entity), KEEP);
      this.onChange();
      return;
    }
    // Deleted on another device while open: keep showing what the person saw.
    if (entity === null && this.base.entity !== null) {
      this.onChange();
      return;
    }
    const dirty = this.dirty();
    const { follow, mergeLists } = classifyChanges(this.base, state, dirty);
    const kept: Record<string, unknown> = pick(this.form.getValues(), dirty);
    for (const f of mergeLists) kept[f] = mergeList(listTexts(this.base.state, f), (kept[f] as string[]) ?? [], listTexts(state, f));
    this.base = { ...rebase(this.base, state, [...follow, ...mergeLists]), entity: entity ?? this.base.entity };
    this.form.reset(toForm(entity), KEEP);
    // keepDirtyValues does not keep a list the person shortened: restore every changed field
    // (one equal to the new default becomes unchanged).
    for (const [f, v] of Object.entries(kept)) this.setField(f, v);
    this.onChange();
  }

  /** Fields the person is editing that another device changed meanwhile. */
  conflicts(): FieldConflict<V>[] {
    if (!this.base || !this.current || this.spec.id === null) return [];
    const theirs = this.spec.toForm(this.entityOf(this.current));
    return classifyChanges(this.base, this.current, this.dirty()).conflicts.map((f) => ({
      field: f as keyof V & string,
      theirs: theirs[f as keyof V],
    }));
  }

  /** Keeps the person's value of `field`: their next save is an edit of the value they saw. */
  keepMine(field: keyof V & string): void {
    if (!this.base || !this.current) return;
    this.base = rebase(this.base, this.current, [field]);
    this.onChange();
  }

  /** Takes the other device's value of `field`; the field is no longer changed. */
  takeTheirs(field: keyof V & string): void {
    if (!this.base || !this.current) return;
    this.base = rebase(this.base, this.current, [field]);
    // The form's defaults already are the store's values, so setting theirs makes the field
    // unchanged (resetField would ignore a field that is controlled rather than registered).
    this.setField(field, this.spec.toForm(this.entityOf(this.current))[field]);
    this.form.clearErrors(field as Path<V>);
    this.onChange();
  }

  /**
   * Writes the changed fields (or, with `only`, those fields with these values, e.g. an AI result)
   * and the record fields `also` (e.g. the wizard's profileCompletion), creating the record when
   * it does not exist. Throws LocalWriteError naming an invalid field (nothing written).
   */
  async save(only?: Partial<V>, also: Record<string, unknown> = {}): Promise<SaveOutcome> {
    try {
      return await this.write(only, also);
    } catch (err) {
      // A refused field is shown under itself as well as in the toast (field-limits.ts words it),
      // e.g. one that fits as plain but not once sealed (issue 29 "Limits on ciphertext").
      const field = err instanceof LocalWriteError ? err.field?.split(/[./~]/)[0] : undefined;
      const words = describeWriteError(err);
      if (field && words && field in this.form.getValues()) this.form.setError(field as Path<V>, { type: 'manual', message: words });
      throw err;
    }
  }

  /** save() without showing its refusal. */
  private async write(only: Partial<V> | undefined, also: Record<string, unknown>): Promise<SaveOutcome> {
    const { db } = this;
    const { collection, id, toForm, toRecord } = this.spec;
    if (only) for (const [f, v] of Object.entries(only)) this.setField(f, v);
    const values = this.form.getValues();
    const fields = only ? Object.keys(only) : this.dirty();
    if (id === null) {
      // A new record: every field that is set (createRecord leaves blanks out).
      await createRecord(db, collection, { ...toRecord(values), ...also });
      this.form.reset(toForm(null));
      this.onChange();
      return 'created';
    }
    if (fields.length === 0 && Object.keys(also).length === 0) return 'unchanged';
    const record = { ...toRecord(pick(values, fields)), ...also };
    const read = () => db.dexie.transaction('r', db.dexie.fieldState, () => db.readState(collection, id));
    this.saving = true;
    try {
      const before = await read();
      let outcome: SaveOutcome;
      if (Object.keys(before.clocks).length === 0) {
        await createRecord(db, collection, record, id);
        outcome = 'created';
      } else {
        const base = this.base ?? { collection, id, state: before, entity: this.entityOf(before) };
        outcome = (await saveEdit(db, base, record)) ? 'updated' : 'unchanged';
      }
      // Re-base the saved fields on the saved state and show the saved values; take() then makes
      // them the defaults (unchanged) and takes whatever else changed meanwhile.
      const after = await read();
      const saved = toForm(this.entityOf(after));
      this.base = rebase(this.base ?? { collection, id, state: emptyState(), entity: null }, after, fields);
      for (const f of fields) this.setField(f, saved[f as keyof V]);
      this.take(after);
      return outcome;
    } finally {
      this.saving = false;
    }
  }

  /** Back to the store's values (a create form: empty); nothing changed. */
  discard(): void {
    const { id, toForm } = this.spec;
    this.form.reset(toForm(id === null || !this.current ? null : this.entityOf(this.current)));
    if (this.base && this.current) this.base = rebase(this.base, this.current, Object.keys(this.current.clocks));
    this.onChange();
  }
}
