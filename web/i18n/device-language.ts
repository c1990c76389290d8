/**
 * Whose language, on this device (issue 44): the language shown here last (a person's choice in
 * Settings or on the sign-in page, or the signed-in account's), kept in localStorage so the first
 * screen of the next visit is in it, even offline; on a first visit, the browser's preferences
 * (navigator.languages) pick one. Which account a choice is for is web/app/language-waiting.ts's.
 * Tests switch the pseudo-locale on with localStorage['afterword.pseudoLocale'] = '1' (docs/i18n.md).
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language, pickLanguage } from '../../shared/languages';
import { type DisplayLanguage, PSEUDO } from './i18n';

const CHOSEN = 'afterword.language';
/** A flag of an earlier version: a choice pending for whoever signed in next (defect L3): never read, removed when a language is next kept. */
const OLD_PENDING = 'afterword.languagePending';
const PSEUDO_SWITCH = 'afterword.pseudoLocale';

/** localStorage, or null where there is none (the build's prerender, a browser that refuses it). */
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The language chosen on this device, or null when none was. */
export function chosenLanguage(): Language | null {
  const value = store()?.getItem(CHOSEN);
  return isLanguage(value) ? value : null;
}

/** The language to show first: the tests' pseudo-locale when switched on, else the one chosen here, else the browser's. */
export function startingLanguage(): DisplayLanguage {
  if (store()?.getItem(PSEUDO_SWITCH) === '1') return PSEUDO;
  const chosen = chosenLanguage();
  if (chosen) return chosen;
  return typeof navigator === 'undefined' ? DEFAULT_LANGUAGE : pickLanguage(navigator.languages ?? [navigator.language]);
}

/** Keeps `lang` as this device's language (shown first at the next visit). */
export function keepLanguage(lang: Language): void {
  const s = store();
  if (!s) return;
  s.setItem(CHOSEN, lang);
  s.removeItem(OLD_PENDING);
}

/** True while the tests' pseudo-locale is on (then the account's language is never applied over it). */
export function pseudoLocaleOn(): boolean {
  return store()?.getItem(PSEUDO_SWITCH) === '1';
}
