/**
 * "Rehearse the release"'s words (issue 44, docs/i18n.md): its catalog namespace 'rehearsal'
 * (web/i18n/catalogs/<lang>/rehearsal.json), English registered when this module loads, so it ships
 * in the screen's own chunk. RehearsalPage calls `useRehearsalMessages()` first. The e-mails shown
 * are the server's (its words), and the page previews are the release pages' own views and words.
 */
import en from '../../i18n/catalogs/en/rehearsal.json';
import { namespace } from '../../i18n/i18n';

/** Call first in the screen: in another language it waits (Suspense) for that language's words. */
export const useRehearsalMessages = namespace('rehearsal', en, import.meta.glob(['../../i18n/catalogs/*/rehearsal.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
