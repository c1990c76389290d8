/**
 * Issue 38 item 8: the wizard's "Contact Email" is pre-filled from the account's e-mail (given a
 * minute earlier at sign-up), saved when the person continues without touching it, and never
 * overwrites what the person typed or saved. Through the real form mechanism (RecordFormSession
 * over a react-hook-form control) on a real UserDatabase (Dexie over fake-indexeddb).
 */
import { describe, expect, it } from 'vitest';
import { createRecord } from '../../db/edit-session';
import { openOnDevice } from '../../db/test-device';
import { openForm } from '../../forms/test-form';
import { basicInfoFromProfile, basicInfoToRecord, checkBasicInfo, stepOneAlso } from './wizard-patches';

const userId = 'u-margaret';
const spec = { collection: 'profile' as const, id: userId, toForm: basicInfoFromProfile, toRecord: basicInfoToRecord };
const signedUp = { firstName: 'Margaret', lastName: 'Whitfield-Hughes', email: 'margaret@example.com', values: [], profileCompletion: 0 };

async function profileOnDevice(fields: Record<string, unknown>) {
  const db = await openOnDevice(userId, () => Date.now());
  await createRecord(db, 'profile', fields, userId);
  return db;
}

/** Step 1's "Save & Continue" as ProfileWizard does it. */
async function continueStepOne(form: Awaited<ReturnType<typeof openForm<'profile', ReturnType<typeof basicInfoFromProfile>>>>) {
  const check = checkBasicInfo(form.form.getValues());
  expect(check.ok).toBe(true);
  await form.session.save(undefined, stepOneAlso(form.form.getValues()));
}

describe('profile wizard step 1: the contact e-mail (issue 38 item 8)', () => {
  it('is pre-filled from the account e-mail and saved when the person continues without touching it', async () => {
    const db = await profileOnDevice(signedUp);
    const form = await openForm(db, spec);
    expect(form.form.getValues().contactEmail).toBe('margaret@example.com');
    await continueStepOne(form);
    const saved = await db.dexie.entities('profile').get(userId);
    expect(saved).toMatchObject({ contactEmail: 'margaret@example.com', profileCompletion: 25 });
  });

  it('keeps what the person typed, and a contact e-mail saved before', async () => {
    const db = await profileOnDevice(signedUp);
    const form = await openForm(db, spec);
    form.type('contactEmail', 'maggie.home@example.org');
    await form.refresh(); // the live query feeds the store again: the typing stays
    expect(form.form.getValues().contactEmail).toBe('maggie.home@example.org');
    await continueStepOne(form);
    expect((await db.dexie.entities('profile').get(userId))?.contactEmail).toBe('maggie.home@example.org');

    const other = await profileOnDevice({ ...signedUp, contactEmail: 'solicitor@hale.example' });
    expect((await openForm(other, spec)).form.getValues().contactEmail).toBe('solicitor@hale.example');
  });
});
