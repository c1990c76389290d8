/**
 * "Your data"'s words (issue 44, docs/i18n.md): namespace 'export' (web/i18n/catalogs/<lang>/export.json),
 * English registered when this module loads. DataCard calls `useExportMessages()` first;
 * import-summary.ts imports it for the words of its toast and line. The family binder's button and
 * card have their own small namespace (binder-messages.ts), since the dashboard shows them.
 */
import en from '../../i18n/catalogs/en/export.json';
import { namespace } from '../../i18n/i18n';

/** Call first in the card: in another language it waits (Suspense) for that language's words. */
export const useExportMessages = namespace('export', en, import.meta.glob(['../../i18n/catalogs/*/export.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
