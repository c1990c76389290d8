/**
 * The words of Settings' pointer to "Your privacy" (PrivacyNote.tsx; issue 44): the namespace
 * 'privacy-note', one line, so Settings carries none of the privacy page's words.
 */
import en from '../../i18n/catalogs/en/privacy-note.json';
import { namespace } from '../../i18n/i18n';

/** Call first in the note: in another language it waits (Suspense) for that language's words. */
export const usePrivacyNoteMessages = namespace('privacy-note', en, import.meta.glob(['../../i18n/catalogs/*/privacy-note.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
