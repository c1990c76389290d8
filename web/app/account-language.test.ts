/**
 * The person's language and their account (issue 44, docs/i18n.md "Whose language"), over the real
 * server (Hono over a SQLite file) as a browser would reach it: one device's storage (localStorage),
 * each tab's own sessionStorage, the session cookie of whoever is signed in.
 * - L3: a language chosen before sign-in goes to the account signed in (or made) next in that same
 *   tab, once; a choice from another tab or an earlier visit never changes another account, and a
 *   choice that waits for an account (made offline) goes to that account only.
 * - L4: a change the server refuses shows in a toast and the screens go back to the account's saved
 *   language; one that cannot reach the server says so and stays marked as waiting.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../shared/schema';
import { createTestApp, signUp, type TestApp } from '../../sync-server/test/test-support';
import { activateLanguage, currentLanguage, t as say } from '../i18n/i18n';
import { useToastStore } from '../ui/toast-store';
import { chooseLanguage, followAccountLanguage, keepShownLanguageForNewAccount } from './account-language';
import { clearSession, completeSignIn } from './auth-actions';
import { waitingLanguage } from './language-waiting';

/** The Web Storage API in memory (Node has none): the browser's, not Afterword's code. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear = () => this.items.clear();
  getItem = (k: string) => this.items.get(k) ?? null;
  key = (i: number) => [...this.items.keys()][i] ?? null;
  removeItem = (k: string) => void this.items.delete(k);
  setItem = (k: string, v: string) => void this.items.set(k, String(v));
}

/** The browser: the server it reaches (or not), its cookie, its window's events. */
let t: TestApp;
let cookie = '';
let network: 'up' | 'down' | 'refusing' = 'up';
const win = new EventTarget();
let stopFollowing: (() => void) | null = null;

beforeEach(async () => {
  t = createTestApp();
  cookie = '';
  network = 'up';
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('addEventListener', win.addEventListener.bind(win));
  vi.stubGlobal('removeEventListener', win.removeEventListener.bind(win));
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    if (network === 'down') throw new TypeError('Failed to fetch');
    // A server that does not take this language (an older version, say): 400 `{ error, issues }`.
    if (network === 'refusing' && path === '/api/user/language')
      return new Response(JSON.stringify({ error: 'Invalid request', issues: [{ path: 'language', message: 'Invalid option' }] }), { status: 400, statusText: 'Bad Request' });
    return t.app.request(`http://localhost${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...(cookie ? { Cookie: cookie } : {}) } });
  });
  await activateLanguage('en');
  useToastStore.setState({ toasts: [], held: [] });
});

afterEach(() => {
  signOut();
  vi.unstubAllGlobals();
});

/** A new tab on the same device: its own sessionStorage, the device's localStorage. */
const newTab = () => vi.stubGlobal('sessionStorage', new MemoryStorage());

/** The account's language as the server has it. */
async function savedLanguage(c: string): Promise<string> {
  return ((await (await t.call('GET', '/api/user/profile', undefined, c)).json()) as User).language!;
}

/** Signs `account` in on this tab as the app does: the session's user from the server, then the signed-in services (web/app/SignedInServices.tsx). */
async function signIn(account: { cookie: string }): Promise<void> {
  cookie = account.cookie;
  completeSignIn((await (await t.call('GET', '/api/user/profile', undefined, cookie)).json()) as User);
  stopFollowing = followAccountLanguage();
}

function signOut(): void {
  stopFollowing?.();
  stopFollowing = null;
  clearSession();
  cookie = '';
}

describe('a language chosen before sign-in (L3)', () => {
  it('goes to the account signed in next in the same tab, once', async () => {
    const b = await signUp(t);
    const c = await signUp(t);
    expect(await chooseLanguage('de')).toBe('device');
    await signIn(b);
    await vi.waitFor(async () => expect(await savedLanguage(b.cookie)).toBe('de'));
    expect(currentLanguage()).toBe('de');
    signOut();
    await signIn(c); // the next person on this tab: their own language
    await vi.waitFor(() => expect(currentLanguage()).toBe('en'));
    expect(await savedLanguage(c.cookie)).toBe('en');
  });

  it('never changes an account signed in on another tab or later visit: its saved language wins', async () => {
    const b = await signUp(t);
    expect(await chooseLanguage('es')).toBe('device'); // someone on the sign-in page, who then leaves
    newTab();
    await signIn(b);
    await vi.waitFor(() => expect(currentLanguage()).toBe('en')); // the account's language, shown instead of sending the other choice
    expect(await savedLanguage(b.cookie)).toBe('en');
  });

  it('a new account takes the language its person signed up in', async () => {
    await activateLanguage('fr');
    keepShownLanguageForNewAccount();
    const a = await signUp(t);
    await signIn(a);
    await vi.waitFor(async () => expect(await savedLanguage(a.cookie)).toBe('fr'));
  });

  it('a choice that waits for the account (made offline) goes to that account only', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await signIn(a);
    network = 'down';
    expect(await chooseLanguage('ar')).toBe('later');
    signOut();
    network = 'up';
    await signIn(b); // someone else on this device, same tab
    await vi.waitFor(() => expect(currentLanguage()).toBe('en'));
    expect(await savedLanguage(b.cookie)).toBe('en');
    signOut();
    await signIn(a); // the person who chose it: sent now
    await vi.waitFor(async () => expect(await savedLanguage(a.cookie)).toBe('ar'));
    expect(currentLanguage()).toBe('ar');
  });
});

describe('a change the server does not take (L4)', () => {
  it('refused: a toast says so, the screens go back to the saved language, nothing waits', async () => {
    const a = await signUp(t);
    await signIn(a);
    network = 'refusing';
    expect(await chooseLanguage('ar')).toBe('refused');
    expect(currentLanguage()).toBe('en');
    expect(useToastStore.getState().toasts.map((x) => [x.title, x.description, x.variant])).toEqual([['Your language could not be saved', 'Your account keeps the language it had.', 'destructive']]);
    expect(waitingLanguage(a.user.id)).toBeNull();
    expect(await savedLanguage(a.cookie)).toBe('en');
  });

  it('not reached: a toast says it is kept on this device and sent later; it is sent when the device is online', async () => {
    const a = await signUp(t);
    await signIn(a);
    network = 'down';
    expect(await chooseLanguage('es')).toBe('later');
    expect(currentLanguage()).toBe('es');
    expect(useToastStore.getState().toasts.map((x) => [x.title, x.description])).toEqual([['Todavía no se ha guardado en tu cuenta', say('language.savedLater')]]); // in the language now shown
    network = 'up';
    win.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await savedLanguage(a.cookie)).toBe('es'));
  });
});
