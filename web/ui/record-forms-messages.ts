/**
 * The words of the UI kit's parts the record screens use (issue 44, docs/i18n.md): the required-field
 * check ('Missing information', 'This field is required': record-actions.ts), the file drop zone and
 * the restore notice. Their namespace 'record-forms' (web/i18n/catalogs/<lang>/record-forms.json)
 * comes with those parts' lazy chunks, not with the signed-in start: the dashboard shows none of them
 * (its JS budget, issue 41). English is registered when this module loads.
 */
import en from '../i18n/catalogs/en/record-forms.json';
import { namespace } from '../i18n/i18n';

/** Call first in a component that says these words: in another language it waits (Suspense) for that language's file. */
export const useRecordFormsMessages = namespace('record-forms', en, import.meta.glob(['../i18n/catalogs/*/record-forms.json', '!../i18n/catalogs/en/*'], { import: 'messages' }));
