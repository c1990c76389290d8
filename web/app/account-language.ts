/**
 * The person's language and their account (issue 44): a choice made on this device (Settings, the
 * sign-in and sign-up pages) shows at once, is kept on the device, and is saved with the account
 * (`PUT /api/user/language`) when someone is signed in and the server can be reached; until then it
 * waits, marked pending (web/i18n/device-language.ts), and is sent at the next sign-in, when the
 * device is back online, or when the app next starts. Without a pending choice, a signed-in
 * account's language (from another device) is the one shown.
 */
import { isLanguage, type Language } from '../../shared/languages';
import { ApiError, apiFetch, refusedForGood } from '../api/client';
import { keepLanguage, pendingLanguage, pseudoLocaleOn } from '../i18n/device-language';
import { activateLanguage, currentLanguage } from '../i18n/i18n';
import { useSession } from './session';

/** Where a choice was saved: with the account, on this device until the account can take it, or on this device only (nobody signed in). */
export type LanguageSaved = 'account' | 'later' | 'device';

/**
 * Sends the pending choice to the account. Resolves true when nothing waits any more (sent, or
 * refused for good: the device's choice is then kept on the device only); false when it must wait
 * (offline, the server busy, a session to renew).
 */
export async function sendPendingLanguage(): Promise<boolean> {
  const lang = pendingLanguage();
  const session = useSession.getState();
  if (!lang || session.status !== 'signed-in' || !session.user) return !lang;
  try {
    await apiFetch('/api/user/language', { method: 'PUT', body: { language: lang } });
  } catch (err) {
    if (!(err instanceof ApiError && refusedForGood(err.status))) return false;
  }
  if (pendingLanguage() === lang) keepLanguage(lang, false); // not if another choice came meanwhile
  const now = useSession.getState();
  if (now.user && now.user.language !== lang) now.setUser({ ...now.user, language: lang });
  return true;
}

/**
 * A person chose `lang`: shows it (throws when its words cannot be fetched, e.g. offline before the
 * app was cached: nothing changes then), keeps it on the device, and saves it with the account.
 */
export async function chooseLanguage(lang: Language): Promise<LanguageSaved> {
  await activateLanguage(lang);
  keepLanguage(lang, true);
  if (useSession.getState().status !== 'signed-in') return 'device';
  return (await sendPendingLanguage()) ? 'account' : 'later';
}

/** Marks the language shown now as this device's choice for the account just made (registration). */
export function keepShownLanguageForNewAccount(): void {
  const shown = currentLanguage();
  if (isLanguage(shown)) keepLanguage(shown, true);
}

/** Applies the account's language or sends the device's pending one (see the module comment). */
function follow(): void {
  if (pseudoLocaleOn()) return;
  if (pendingLanguage()) {
    void sendPendingLanguage();
    return;
  }
  const lang = useSession.getState().user?.language;
  if (isLanguage(lang) && lang !== currentLanguage())
    activateLanguage(lang).then(
      () => keepLanguage(lang, false),
      () => undefined, // its words cannot be fetched now: the device's language stays until the next start
    );
}

/** While someone is signed in (web/app/SignedInServices.tsx): follows the account's language; returns the cleanup. */
export function followAccountLanguage(): () => void {
  follow();
  const unsubscribe = useSession.subscribe((s, prev) => {
    if (s.user?.language !== prev.user?.language || s.status !== prev.status) follow();
  });
  addEventListener('online', follow);
  return () => {
    unsubscribe();
    removeEventListener('online', follow);
  };
}
