/**
 * The emergency feature's words (issue 44, docs/i18n.md): its catalog namespace 'emergency'
 * (web/i18n/catalogs/<lang>/emergency.json), English registered when this module loads (so it
 * ships with the screens and the follower that show them, never with the signed-in start). The
 * owner's screens (/emergency, the dialog on a trustee's card) call `useEmergencyMessages()`
 * first; emergency-words.ts imports this module for its side effect.
 */
import en from '../../i18n/catalogs/en/emergency.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const useEmergencyMessages = namespace('emergency', en, import.meta.glob(['../../i18n/catalogs/*/emergency.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
