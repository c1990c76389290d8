/**
 * The documents feature's words (issue 44): its catalog namespace 'documents'
 * (web/i18n/catalogs/<lang>/documents.json), English registered when this module loads (so it
 * ships in the feature's chunk). The Legal Documents screens call `useDocumentsMessages()` first.
 */
import type { DocumentType } from '../../../shared/schema/document';
import en from '../../i18n/catalogs/en/documents.json';
import { type MessageId, namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const useDocumentsMessages = namespace('documents', en, import.meta.glob(['../../i18n/catalogs/*/documents.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));

/** The message id of a document type's label ('Will & Testament'; shared/labels.ts's words in English). */
export const documentTypeId = (type: DocumentType): MessageId => `documents.type.${type}`;
