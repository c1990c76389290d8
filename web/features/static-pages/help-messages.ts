/**
 * The Help Center's words (issue 44, docs/i18n.md): its catalog namespace 'help'
 * (web/i18n/catalogs/<lang>/help.json), English registered when this module loads (the page is
 * prerendered in English). A namespace of its own, so no other public page carries it.
 */
import en from '../../i18n/catalogs/en/help.json';
import { namespace } from '../../i18n/i18n';

/** Call first in the page: in another language it waits (Suspense) for that language's words. */
export const useHelpMessages = namespace('help', en, import.meta.glob(['../../i18n/catalogs/*/help.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
