/**
 * The profile feature's words (issue 44, docs/i18n.md): its catalog namespace 'profile'
 * (web/i18n/catalogs/<lang>/profile.json), English registered when this module loads (so it ships
 * in the feature's chunk). The profile's screens call `useProfileMessages()` first; the values'
 * titles are here too (shared/labels.ts VALUE_OPTIONS keeps the English the wizard and the AI use).
 */
import en from '../../i18n/catalogs/en/profile.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const useProfileMessages = namespace('profile', en, import.meta.glob(['../../i18n/catalogs/*/profile.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
