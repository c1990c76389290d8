/**
 * web/forms/schema-form.ts's checks with the sign-in pages' real schemas (shared/schema/auth.ts):
 * each field's first message, as react-hook-form's zodResolver gave them (issue 41), the parsed
 * values on success, the first invalid field in the form's order, and a schema load tried again.
 */
import { describe, expect, it } from 'vitest';
import { loginSchema, registerFormSchema } from '../../shared/schema/auth';
import { checkFields, firstInvalid, lazySchema } from './schema-form';

const REGISTER_FIELDS = ['firstName', 'lastName', 'email', 'username', 'password', 'confirmPassword'] as const;
const blankRegister = { firstName: '', lastName: '', email: '', username: '', password: '', confirmPassword: '' };

describe('checkFields', () => {
  it('gives each invalid field its first message only, and no message to a valid one', () => {
    const checked = checkFields(registerFormSchema, { ...blankRegister, email: 'nope', username: 'a!' });
    expect(checked).toEqual({
      ok: false,
      errors: {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        email: 'Invalid email address',
        username: 'Username must be at least 3 characters',
        password: 'Password must be at least 6 characters',
      },
    });
  });

  it("puts the confirmation's mismatch on the confirmation", () => {
    const values = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', username: 'ada', password: 'secret1', confirmPassword: 'secret2' };
    expect(checkFields(registerFormSchema, values)).toEqual({ ok: false, errors: { confirmPassword: 'Passwords do not match' } });
  });

  it("returns the schema's output when valid: trimmed and NFKC-normalised", () => {
    expect(checkFields(loginSchema, { username: '  \u212Aate ', password: ' pw ' })).toEqual({ ok: true, data: { username: 'Kate', password: ' pw ' } });
  });
});

describe('firstInvalid', () => {
  it("is the first of the form's fields with a message, in the form's order, not the messages' order", () => {
    expect(firstInvalid(REGISTER_FIELDS, { confirmPassword: 'x', email: 'y', username: 'z' })).toBe('email');
    expect(firstInvalid(REGISTER_FIELDS, {})).toBeUndefined();
  });
});

describe('lazySchema', () => {
  it('loads once, and again after a failed load', async () => {
    let calls = 0;
    const rules = lazySchema(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return loginSchema;
    });
    rules.preload(); // a failed preload throws nowhere
    await expect(rules.get()).rejects.toThrow('offline');
    expect(await rules.get()).toBe(loginSchema);
    expect(await rules.get()).toBe(loginSchema);
    expect(calls).toBe(2);
  });
});
