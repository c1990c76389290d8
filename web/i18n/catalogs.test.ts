/**
 * The catalogs (issue 44, docs/i18n.md): every language has every message of English and no other,
 * each one valid ICU with the same placeholders and element tags as English; the English words of
 * SPEC.md's strings are SPEC.md's exactly.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../shared/languages';
import { compileCatalog } from '../../scripts/vite-catalogs';

const dir = fileURLToPath(new URL('./catalogs/', import.meta.url));
const NAMESPACES = readdirSync(`${dir}en`).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -5));
const text = (lang: string, ns: string) => readFileSync(`${dir}${lang}/${ns}.json`, 'utf8');
/** A language's messages, every namespace in one object (ids are unique across namespaces: checked below). */
const read = (lang: string) => Object.assign({}, ...NAMESPACES.map((ns) => JSON.parse(text(lang, ns)) as Record<string, string>)) as Record<string, string>;
const en = read('en');

/** The placeholders ({name}, {n, plural, …}) and element tags (<0>) of an ICU message, sorted. */
const slots = (message: string) => [...(message.match(/\{\s*\w+|<\/?\d+>/g) ?? [])].map((s) => s.replace(/\s/g, '')).sort();

/**
 * The slice's strings SPEC.md gives word for word (§2 "Layout", "Login", "Register"; §1's route
 * table; §8 toasts): [message id, SPEC.md's words, whether the message is them exactly or holds them].
 */
const SPEC_WORDS: [string, string, 'is' | 'holds'][] = [
  ['nav.dashboard', 'Dashboard', 'is'],
  ['nav.messageVault', 'Message Vault', 'is'],
  ['nav.documents', 'Legal Documents', 'is'],
  ['nav.trustees', 'Trustees', 'is'],
  ['nav.support', 'Support', 'is'],
  ['nav.profile', 'Profile', 'is'],
  ['nav.help', 'Help Center', 'is'],
  ['nav.settings', 'Settings', 'is'],
  ['userMenu.logout', 'Logout', 'is'],
  ['footer.rights', '.APP. All rights reserved.', 'holds'],
  ['login.forgot', 'Forgot password?', 'is'],
  ['login.newHere', '<0>Create an account</0>', 'holds'],
  ['login.submit', 'Sign In', 'is'],
  ['login.submitting', 'Signing in...', 'is'],
  ['login.welcomeTitle', 'Welcome back!', 'is'],
  ['login.failedTitle', 'Login failed', 'is'],
  ['login.failedDescription', 'Invalid username or password.', 'is'],
  ['login.missingTitle', 'Missing information', 'is'],
  ['login.missingDescription', 'Please enter both username and password.', 'is'],
  ['register.firstName', 'First Name', 'is'],
  ['register.lastName', 'Last Name', 'is'],
  ['register.email', 'Email', 'is'],
  ['auth.username', 'Username', 'is'],
  ['auth.password', 'Password', 'is'],
  ['register.confirmPassword', 'Confirm Password', 'is'],
  ['register.submit', 'Create Account', 'is'],
  ['register.submitting', 'Creating Account...', 'is'],
  ['register.createdTitle', 'Account created', 'is'],
  ['register.failedTitle', 'Registration failed', 'is'],
  ['register.failedDescription', 'An error occurred during registration.', 'is'],
];

describe('message catalogs', () => {
  it('has a folder for every language and for no other, each with the namespaces of English', () => {
    expect(readdirSync(dir).sort()).toEqual([...LANGUAGES].sort());
    for (const lang of LANGUAGES) expect(readdirSync(`${dir}${lang}`).sort(), lang).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
  });

  it("has the server's e-mail namespace (sync-server/release/mail-i18n.ts) beside the app's, so every check below covers it", () => {
    expect(NAMESPACES).toContain('mail');
  });

  it('an id belongs to one namespace only', () => {
    const ids = NAMESPACES.flatMap((ns) => Object.keys(JSON.parse(text('en', ns)) as object));
    expect(ids.length).toBe(new Set(ids).size);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every message of English in the same namespace and no other, none left empty', (lang) => {
    for (const ns of NAMESPACES) expect(Object.keys(JSON.parse(text(lang, ns)) as object).sort(), `${lang}/${ns}`).toEqual(Object.keys(JSON.parse(text('en', ns)) as object).sort());
    expect(Object.entries(read(lang)).filter(([, m]) => !m.trim())).toEqual([]);
  });

  it.each([...LANGUAGES])('%s compiles (valid ICU) with the placeholders and tags of English', (lang) => {
    for (const ns of NAMESPACES) expect(() => compileCatalog(lang, text(lang, ns))).not.toThrow();
    const catalog = read(lang);
    expect(Object.keys(en).filter((id) => JSON.stringify(slots(catalog[id])) !== JSON.stringify(slots(en[id])))).toEqual([]);
  });

  it('a message that is not ICU fails the build, naming it', () => {
    expect(() => compileCatalog('xx', JSON.stringify({ 'a.b': 'Hello {name' }))).toThrow(/a\.b/);
    expect(() => compileCatalog('xx', JSON.stringify({ 'a.b': 3 }))).toThrow(/object of message id/);
  });

  it('English says SPEC.md\'s words exactly', () => {
    for (const [id, words, how] of SPEC_WORDS) {
      if (how === 'is') expect(en[id], id).toBe(words);
      else expect(en[id], id).toContain(words);
    }
  });

  // The specification sits beside the repository in the project's workspace (../shared/SPEC.md);
  // where it is there, each quoted string above must be in it (a fresh clone compares the list only).
  it('each of those words is quoted in SPEC.md, where the workspace has it', () => {
    const spec = fileURLToPath(new URL('../../../shared/SPEC.md', import.meta.url));
    const text = existsSync(spec) ? readFileSync(spec, 'utf8') : null;
    const missing = text === null ? [] : SPEC_WORDS.map(([, words]) => words.replace(/<\/?0>/g, '')).filter((w) => !text.includes(w));
    expect(missing).toEqual([]);
  });
});
