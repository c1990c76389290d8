/**
 * The sharing feature's words (issue 44, docs/i18n.md): its catalog namespace 'sharing'
 * (web/i18n/catalogs/<lang>/sharing.json), English registered when this module loads (so it ships
 * in the chunk of the code that shows them, never with the signed-in start: the eager modules of
 * the feature, ShareRefresher and the sign-in helpers, import no words). The owner's screens
 * (Share now, the timeline, Shared with you) call `useSharingMessages()` first; the words modules
 * (share-words.ts, timeline.ts, …) import this module for its side effect. The viewer's page
 * (SharedPage, KeepSharedCard) is still English.
 */
import en from '../../i18n/catalogs/en/sharing.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const useSharingMessages = namespace('sharing', en, import.meta.glob(['../../i18n/catalogs/*/sharing.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
