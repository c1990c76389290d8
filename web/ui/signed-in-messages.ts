/**
 * The signed-in frame's words (issue 41, docs/i18n.md): the navigation, the user menu, and the UI
 * kit's parts only signed-in screens show (lists, cards, form dialogs, a reader's language, the
 * language card of Settings). Their namespace 'signed-in' (web/i18n/catalogs/<lang>/signed-in.json)
 * comes with those screens' code, not with every page's like 'shell': the sign-in, sign-up and
 * landing pages do not carry them. English is registered when this module loads. Nothing a
 * signed-out page can reach imports it (the dialogs' Close, which every page's AI consent dialog
 * says, stays in 'shell'), so it goes into the signed-in start's one chunk (scripts/signed-in-chunk.ts).
 */
import en from '../i18n/catalogs/en/signed-in.json';
import { namespace } from '../i18n/i18n';

/**
 * Call first in a component that says these words (AppLayout does, for the whole frame): in another
 * language it waits (Suspense) for that language's file; a file that cannot be fetched shows English.
 */
export const useSignedInMessages = namespace('signed-in', en, import.meta.glob(['../i18n/catalogs/*/signed-in.json', '!../i18n/catalogs/en/*'], { import: 'messages' }));
