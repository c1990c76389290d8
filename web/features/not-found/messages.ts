/**
 * The not-found page's words (issue 44, docs/i18n.md): its catalog namespace 'not-found'
 * (web/i18n/catalogs/<lang>/not-found.json), English registered when this module loads.
 */
import en from '../../i18n/catalogs/en/not-found.json';
import { namespace } from '../../i18n/i18n';

/** Call first in the page: in another language it waits (Suspense) for that language's words. */
export const useNotFoundMessages = namespace('not-found', en, import.meta.glob(['../../i18n/catalogs/*/not-found.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
