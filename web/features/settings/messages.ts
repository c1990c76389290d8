/**
 * The Settings screen's words (issue 44, docs/i18n.md): its catalog namespace 'settings'
 * (web/i18n/catalogs/<lang>/settings.json), English registered when this module loads (so it ships
 * in the screen's chunk). SettingsPage calls `useSettingsMessages()` first; the cards it shows from
 * other features (sharing, export, keys' kit dialogs, the rehearsal screen) keep their own words.
 */
import en from '../../i18n/catalogs/en/settings.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const useSettingsMessages = namespace('settings', en, import.meta.glob(['../../i18n/catalogs/*/settings.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
