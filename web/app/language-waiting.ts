/**
 * Which account a language chosen on this device is for (issue 44, docs/i18n.md "Whose language";
 * defect L3: a choice made before sign-in used to go to whoever signed in next on the device).
 * - A choice made signed out (the sign-in or sign-up page) is for the account signed in or made
 *   next in THIS tab: kept in the tab's sessionStorage and taken once (`takeChoiceForSignIn`).
 *   Another tab, or a later visit, never sees it.
 * - A choice the account could not take yet (offline, the server busy) waits for THAT account,
 *   kept in localStorage with the account's id, and is sent only while that account is signed in.
 * Storage off or full: nothing is kept, the account's saved language is then the one shown.
 */
import { isLanguage, type Language } from '../../shared/languages';

const FOR_SIGN_IN = 'afterword.languageForSignIn';
const WAITING = 'afterword.languageWaiting';

/** Runs `f` on the storage, or gives `fallback` where there is none or it throws. */
function use<T>(storage: () => Storage, f: (s: Storage) => T, fallback: T): T {
  try {
    return f(storage());
  } catch {
    return fallback;
  }
}

/** Keeps `lang` as this tab's choice for the account signed in (or made) next. */
export function chooseForNextSignIn(lang: Language): void {
  use(() => sessionStorage, (s) => s.setItem(FOR_SIGN_IN, lang), undefined);
}

/** This tab's choice for the account now signed in, once (it is forgotten), or null. */
export function takeChoiceForSignIn(): Language | null {
  return use(
    () => sessionStorage,
    (s) => {
      const lang = s.getItem(FOR_SIGN_IN);
      s.removeItem(FOR_SIGN_IN);
      return isLanguage(lang) ? lang : null;
    },
    null,
  );
}

/** Marks `lang` as waiting to be saved with account `userId` (one choice waits on a device: the last). */
export function markWaiting(userId: string, lang: Language): void {
  use(() => localStorage, (s) => s.setItem(WAITING, JSON.stringify({ userId, lang })), undefined);
}

/** The language waiting for account `userId`, or null (none, or one for another account). */
export function waitingLanguage(userId: string): Language | null {
  return use(
    () => localStorage,
    (s) => {
      const w = JSON.parse(s.getItem(WAITING) ?? 'null') as { userId?: unknown; lang?: unknown } | null;
      return w?.userId === userId && isLanguage(w.lang) ? w.lang : null;
    },
    null,
  );
}

/** Forgets what waits for `userId`, if it is still `lang` (not when another choice came meanwhile). */
export function doneWaiting(userId: string, lang: Language): void {
  if (waitingLanguage(userId) === lang) use(() => localStorage, (s) => s.removeItem(WAITING), undefined);
}
