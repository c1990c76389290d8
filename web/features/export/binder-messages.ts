/**
 * The family binder's button and card (BinderButton.tsx): namespace 'binder'
 * (web/i18n/catalogs/<lang>/binder.json), apart from 'export' because the dashboard shows them: the
 * dashboard's chunk carries these few words, not the Data card's (issue 41, docs/i18n.md).
 */
import en from '../../i18n/catalogs/en/binder.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a component showing the binder's button: in another language it waits (Suspense) for its words. */
export const useBinderMessages = namespace('binder', en, import.meta.glob(['../../i18n/catalogs/*/binder.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
