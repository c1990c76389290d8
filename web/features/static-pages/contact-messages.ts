/**
 * The Contact page's words (issue 44, docs/i18n.md): its catalog namespace 'contact'
 * (web/i18n/catalogs/<lang>/contact.json), English registered when this module loads (the page is
 * prerendered in English as before). A namespace of its own, so no other public page carries it.
 */
import en from '../../i18n/catalogs/en/contact.json';
import { namespace } from '../../i18n/i18n';

/** Call first in the page: in another language it waits (Suspense) for that language's words. */
export const useContactMessages = namespace('contact', en, import.meta.glob(['../../i18n/catalogs/*/contact.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
