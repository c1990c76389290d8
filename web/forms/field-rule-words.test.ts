/**
 * The rules' messages under a field speak the page's language (issue 44; field-rule-words.ts):
 * every message the sign-in, sign-up, forgotten-password and reset rules give (shared/schema/auth.ts,
 * run here on broken values) is in the `field-rules` catalog, word for word in English and in
 * German words in German; a message the catalog does not know shows as it is.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { forgotPasswordSchema, loginSchema, registerFormSchema, resetPasswordFormSchema } from '../../shared/schema/auth';
import { activateLanguage } from '../i18n/i18n';
import { fieldRuleId, fieldRuleText } from './field-rule-words';

/** Every message the pages' rules give for these broken values. */
function messages(): string[] {
  const long = 'x'.repeat(300);
  const tries: Array<[{ safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } }, unknown]> = [
    [registerFormSchema, { firstName: ' ', lastName: '', email: 'no', username: 'ab', password: '123', confirmPassword: '1234' }],
    [registerFormSchema, { firstName: long, lastName: 'a\u0007b', email: 'a@b.co', username: 'ä'.repeat(40), password: long, confirmPassword: long }],
    [registerFormSchema, { firstName: 'A', lastName: 'B', email: `${long}@b.co`, username: 'a b', password: 'x'.repeat(257), confirmPassword: 'y' }],
    [loginSchema, { username: '', password: '' }],
    [loginSchema, { username: long, password: long }],
    [forgotPasswordSchema, { email: '' }],
    [resetPasswordFormSchema, { password: '1', confirmPassword: '2' }],
  ];
  return [...new Set(tries.flatMap(([schema, value]) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? []))];
}

afterEach(async () => {
  await activateLanguage('en');
});

describe("a field's rule in the page's language", () => {
  it('is every rule the pages give, word for word in English', () => {
    const given = messages();
    expect(given.length).toBeGreaterThanOrEqual(12);
    for (const m of given) {
      expect(fieldRuleId(m), m).toBeDefined();
      expect(fieldRuleText(m)).toBe(m);
    }
  });

  it('is German in German, the bound of a long field kept', async () => {
    await activateLanguage('de');
    for (const m of messages()) expect(fieldRuleText(m), m).not.toBe(m);
    expect(fieldRuleText('Passwords do not match')).toBe('Die Passwörter stimmen nicht überein');
    expect(fieldRuleText('Too big: expected string to have <=100 characters')).toBe('Zu lang: höchstens 100 Zeichen');
    expect(fieldRuleText('A rule from a newer server')).toBe('A rule from a newer server');
    expect(fieldRuleText(undefined)).toBeUndefined();
  });
});
