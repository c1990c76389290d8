import { describe, expect, it } from 'vitest';
import { kitText, NO_ONE_ELSE } from './kit-text';

describe('the recovery kit\'s words', () => {
  it('say what losing both the password and the code means for the owner, without claiming no one could ever open the words (trustee kits and the release still do: SECURITY.md "Trustee kits")', () => {
    expect(NO_ONE_ELSE).toBe('Without your password and without this code, you cannot open your words again, and Afterword cannot open them for you.');
    expect(kitText('ABCDE', 'ada', 'November 27, 2026')).toContain(NO_ONE_ELSE);
    expect(NO_ONE_ELSE).not.toMatch(/by anyone|no one/);
  });
});
