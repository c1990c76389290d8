/**
 * The "Your privacy" page's words (issue 44, docs/i18n.md): its catalog namespace 'privacy'
 * (web/i18n/catalogs/<lang>/privacy.json), English registered when this module loads (the page is
 * prerendered in English). A namespace of its own, so no other public page carries it; Settings'
 * one line pointing here has its own ('privacy-note', privacy-note-messages.ts).
 */
import en from '../../i18n/catalogs/en/privacy.json';
import { namespace } from '../../i18n/i18n';

/** Call first in the page: in another language it waits (Suspense) for that language's words. */
export const usePrivacyMessages = namespace('privacy', en, import.meta.glob(['../../i18n/catalogs/*/privacy.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
