/**
 * Test support (imported only by *.test.ts): an open record form as a screen holds it, apart from
 * React: a real react-hook-form control (createFormControl) and its RecordFormSession on a real
 * UserDatabase, fed the stored state as the screens' live query does.
 */
import { createFormControl, type FieldValues } from 'react-hook-form';
import type { CollectionName } from '../../shared/schema/collections';
import type { UserDatabase } from '../db/user-database';
import { type PlanForm, planFormToRecord, planToForm } from '../features/death-plan/plan-form';
import { RecordFormSession, type RecordFormSpec } from './record-form-session';

/** An open form on `db`: `type` changes a field as the person does, `refresh` feeds the store's state. */
export async function openForm<C extends CollectionName, V extends FieldValues>(db: UserDatabase, spec: RecordFormSpec<C, V>) {
  const { formControl, control } = createFormControl<V>({ defaultValues: spec.toForm(null) as never });
  const session = new RecordFormSession(db, spec, formControl, () => control._formState.dirtyFields);
  /** What the screens' live query does when the store changes. */
  const refresh = async () => {
    if (spec.id !== null) session.absorb(await db.dexie.transaction('r', db.dexie.fieldState, () => db.readState(spec.collection, spec.id!)));
  };
  await refresh();
  const type = (field: keyof V & string, value: unknown) => formControl.setValue(field as never, value as never, { shouldDirty: true });
  return { session, form: formControl, refresh, type };
}

/** The plan form of `userId` as PlanEditor opens it (web/features/death-plan). */
export const planSpec = (userId: string): RecordFormSpec<'deathPlan', PlanForm> => ({
  collection: 'deathPlan',
  id: userId,
  toForm: planToForm,
  toRecord: planFormToRecord,
});
