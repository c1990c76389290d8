/**
 * The Terms of Use's words (issue 44, docs/i18n.md): its catalog namespace 'terms'
 * (web/i18n/catalogs/<lang>/terms.json), English registered when this module loads (the page is
 * prerendered in English). A namespace of its own, so no other public page carries it.
 */
import en from '../../i18n/catalogs/en/terms.json';
import { namespace } from '../../i18n/i18n';

/** Call first in the page: in another language it waits (Suspense) for that language's words. */
export const useTermsMessages = namespace('terms', en, import.meta.glob(['../../i18n/catalogs/*/terms.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
