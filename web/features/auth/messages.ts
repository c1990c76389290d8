/**
 * The auth feature's words (issue 44): its catalog namespace 'auth'
 * (web/i18n/catalogs/<lang>/auth.json), English registered when this module loads (so it ships in
 * the feature's chunk). The sign-in and sign-up screens call `useAuthMessages()` first.
 */
import en from '../../i18n/catalogs/en/auth.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const useAuthMessages = namespace('auth', en, import.meta.glob(['../../i18n/catalogs/*/auth.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
