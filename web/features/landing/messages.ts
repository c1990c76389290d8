/**
 * The landing page's words (issue 44, docs/i18n.md): its catalog namespace 'landing'
 * (web/i18n/catalogs/<lang>/landing.json), English registered when this module loads, so the page
 * prerendered in English (scripts/prerender.ts) says the same words as before. Its other languages
 * are small chunks of their own, fetched only by a visitor who reads one of them.
 */
import en from '../../i18n/catalogs/en/landing.json';
import { namespace } from '../../i18n/i18n';

/** Call first in the page: in another language it waits (Suspense) for that language's words. */
export const useLandingMessages = namespace('landing', en, import.meta.glob(['../../i18n/catalogs/*/landing.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
