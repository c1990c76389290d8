/**
 * The person's language and their account (issue 44, docs/i18n.md "Whose language"): a choice made
 * on this device (Settings, the sign-in and sign-up pages) shows at once, is kept on the device,
 * and is saved with the account (`PUT /api/user/language`).
 * - Signed out, the choice is for the account signed in or made next in this tab, once
 *   (./language-waiting.ts); any other account that signs in shows its own saved language.
 * - Signed in, it is sent at once. Not reached (offline, the server busy, a session to renew): a
 *   toast says it is not saved with the account yet, and it waits for that account only, sent
 *   when the device is back online, at the next start or when that account next signs in.
 *   Refused (a 4xx that sending again cannot change): a toast says so and the screens go back to
 *   the account's saved language; nothing waits.
 * - Without a choice waiting, a signed-in account's language (from another device) is the one shown.
 */
import { isLanguage, type Language } from '../../shared/languages';
import { ApiError, apiFetch, refusedForGood } from '../api/client';
import { keepLanguage, pseudoLocaleOn } from '../i18n/device-language';
import { activateLanguage, currentLanguage, t } from '../i18n/i18n';
import { toast } from '../ui/toast-store';
import { chooseForNextSignIn, doneWaiting, markWaiting, takeChoiceForSignIn, waitingLanguage } from './language-waiting';
import { useSession } from './session';

/** Where a choice went: saved with the account; waiting for it; on this device for the next sign-in in this tab; refused by the server. */
export type LanguageSaved = 'account' | 'later' | 'device' | 'refused';

/** Shows `lang` and keeps it as the device's; when its words cannot be fetched now, what is shown stays. */
async function show(lang: Language): Promise<void> {
  if (lang === currentLanguage()) return keepLanguage(lang);
  await activateLanguage(lang).then(
    () => keepLanguage(lang),
    () => undefined, // shown at the next start, its words then fetched
  );
}

/**
 * Sends `lang` to account `userId` (signed in). 'sent': saved (the session's user says so);
 * 'wait': not reached, it keeps waiting; 'refused': refused for good: a toast says so, the screens
 * show the account's saved language again and nothing waits.
 */
async function send(userId: string, lang: Language): Promise<'sent' | 'wait' | 'refused'> {
  try {
    await apiFetch('/api/user/language', { method: 'PUT', body: { language: lang } });
  } catch (err) {
    if (!(err instanceof ApiError && refusedForGood(err.status))) return 'wait';
    doneWaiting(userId, lang);
    const saved = useSession.getState().user;
    if (saved?.id === userId && isLanguage(saved.language)) await show(saved.language);
    toast({ title: t('language.refusedTitle'), description: t('language.refusedDescription'), variant: 'destructive' }); // in the language shown again
    return 'refused';
  }
  doneWaiting(userId, lang);
  const now = useSession.getState();
  if (now.user?.id === userId && now.user.language !== lang) now.setUser({ ...now.user, language: lang });
  return 'sent';
}

/**
 * A person chose `lang`: shows it (throws when its words cannot be fetched, e.g. offline before the
 * app was cached: nothing changes then), keeps it on the device, and saves it with the account
 * signed in, or keeps it for the next sign-in in this tab (see the module comment).
 */
export async function chooseLanguage(lang: Language): Promise<LanguageSaved> {
  await activateLanguage(lang);
  keepLanguage(lang);
  const { status, user } = useSession.getState();
  if (status !== 'signed-in' || !user) {
    chooseForNextSignIn(lang);
    return 'device';
  }
  markWaiting(user.id, lang);
  const sent = await send(user.id, lang);
  if (sent === 'wait') toast({ title: t('language.notSavedTitle'), description: t('language.savedLater') });
  return sent === 'sent' ? 'account' : sent === 'wait' ? 'later' : 'refused';
}

/** Registration: the account about to be made takes the language shown now (its person signed up in it). */
export function keepShownLanguageForNewAccount(): void {
  const shown = currentLanguage();
  if (isLanguage(shown)) chooseForNextSignIn(shown);
}

/** Shows and sends what waits for the account signed in, else shows the account's language (see the module comment). */
function follow(): void {
  if (pseudoLocaleOn()) return;
  const { status, user } = useSession.getState();
  if (status !== 'signed-in' || !user) return;
  const chosen = takeChoiceForSignIn();
  if (chosen) markWaiting(user.id, chosen);
  const waiting = waitingLanguage(user.id);
  if (waiting) void show(waiting).then(() => send(user.id, waiting));
  else if (isLanguage(user.language) && user.language !== currentLanguage()) void show(user.language);
}

/** While someone is signed in (web/app/SignedInServices.tsx): follows the account's language; returns the cleanup. */
export function followAccountLanguage(): () => void {
  follow();
  const unsubscribe = useSession.subscribe((s, prev) => {
    if (s.user?.language !== prev.user?.language || s.user?.id !== prev.user?.id || s.status !== prev.status) follow();
  });
  addEventListener('online', follow);
  return () => {
    unsubscribe();
    removeEventListener('online', follow);
  };
}
