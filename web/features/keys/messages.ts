/**
 * The keys feature's words (issue 44, docs/i18n.md): its catalog namespace 'keys'
 * (web/i18n/catalogs/<lang>/keys.json), English registered when this module loads, so it ships with
 * the screens that show them (the recovery kit page, the new-kit and lost-device dialog, the Unlock
 * dialog, "Open your words again", "Seal this address"), never with the landing or sign-in pages.
 * Each of those screens calls `useKeysMessages()` first.
 */
import en from '../../i18n/catalogs/en/keys.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const useKeysMessages = namespace('keys', en, import.meta.glob(['../../i18n/catalogs/*/keys.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
