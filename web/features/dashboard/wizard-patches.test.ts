import { describe, expect, it } from 'vitest';
import {
  basicInfoFromProfile,
  basicInfoToRecord,
  valuesToRecord,
  checkBasicInfo,
  checkValues,
  completionAfter,
  firstIncompleteStep,
  toggleValue,
  valuesFromProfile,
} from './wizard-patches';

const blankForm = { contactEmail: '', birthdate: '', emergencyContact: { name: '', phone: '' }, healthInfo: '' };

describe('profile wizard rules (SPEC.md §4 "Wizard", §5)', () => {
  it('sets profileCompletion 25/50/75/100 after steps 1-4', () => {
    expect([1, 2, 3, 4].map((s) => completionAfter(s as 1 | 2 | 3 | 4))).toEqual([25, 50, 75, 100]);
  });

  it('continues at the first incomplete step, none at 100', () => {
    expect(firstIncompleteStep(undefined)).toBe(1);
    expect(firstIncompleteStep(0)).toBe(1);
    expect(firstIncompleteStep(25)).toBe(2);
    expect(firstIncompleteStep(49)).toBe(2);
    expect(firstIncompleteStep(50)).toBe(3);
    expect(firstIncompleteStep(75)).toBe(4);
    expect(firstIncompleteStep(100)).toBeNull();
  });

  it("step 1 refuses a blank contact email with 'Please enter your contact email'", () => {
    expect(checkBasicInfo({ ...blankForm, contactEmail: '   ' })).toEqual({ ok: false, message: 'Please enter your contact email' });
  });

  it('step 1 sends empty optional fields as null and trims the rest', () => {
    expect(checkBasicInfo({ ...blankForm, contactEmail: ' me@example.com ', healthInfo: '  ' })).toEqual({
      ok: true,
      patch: { contactEmail: 'me@example.com', birthdate: null, emergencyContact: null, healthInfo: null, profileCompletion: 25 },
    });
    const full = checkBasicInfo({
      contactEmail: 'me@example.com',
      birthdate: '1960-04-02',
      emergencyContact: { name: ' Grace ', phone: '555 0100' },
      healthInfo: ' Allergic to penicillin ',
    });
    expect(full).toEqual({
      ok: true,
      patch: {
        contactEmail: 'me@example.com',
        birthdate: '1960-04-02',
        emergencyContact: { name: 'Grace', phone: '555 0100' },
        healthInfo: 'Allergic to penicillin',
        profileCompletion: 25,
      },
    });
  });

  it("step 2 needs a value ('Please select at least one value') and trims beliefs, empty → null", () => {
    expect(checkValues({ values: [], beliefs: 'x' })).toEqual({ ok: false, message: 'Please select at least one value' });
    expect(checkValues({ values: ['nature'], beliefs: '   ' })).toEqual({
      ok: true,
      patch: { values: ['nature'], beliefs: null, profileCompletion: 50 },
    });
    expect(checkValues({ values: ['family', 'legacy'], beliefs: ' Quaker ' })).toEqual({
      ok: true,
      patch: { values: ['family', 'legacy'], beliefs: 'Quaker', profileCompletion: 50 },
    });
  });

  it('turns only the given fields into profile fields (a save of what changed)', () => {
    expect(basicInfoToRecord({ emergencyContact: { name: ' ', phone: '' } })).toEqual({ emergencyContact: null });
    expect(basicInfoToRecord({ healthInfo: ' Asthma ' })).toEqual({ healthInfo: 'Asthma' });
    expect(valuesToRecord({ beliefs: '' })).toEqual({ beliefs: null });
  });

  it('toggles values on and off', () => {
    expect(toggleValue([], 'family')).toEqual(['family']);
    expect(toggleValue(['family', 'nature'], 'family')).toEqual(['nature']);
  });

  it('pre-fills the forms from the saved profile', () => {
    expect(basicInfoFromProfile(null)).toEqual(blankForm);
    expect(
      basicInfoFromProfile({
        contactEmail: 'a@b.co',
        birthdate: '1970-01-31',
        emergencyContact: { name: 'N', phone: 'P' },
        healthInfo: 'H',
      }),
    ).toEqual({ contactEmail: 'a@b.co', birthdate: '1970-01-31', emergencyContact: { name: 'N', phone: 'P' }, healthInfo: 'H' });
    expect(valuesFromProfile({ values: ['creativity'], beliefs: null })).toEqual({ values: ['creativity'], beliefs: '' });
  });
});
