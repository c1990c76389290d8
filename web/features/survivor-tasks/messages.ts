/**
 * The survivor tasks feature's words (issue 44, docs/i18n.md): its catalog namespace 'tasks'
 * (web/i18n/catalogs/<lang>/tasks.json), English registered when this module loads (so it ships in
 * the feature's chunk). The screens call `useTasksMessages()` first; the labels of statuses,
 * categories, timeframes, priorities and automation levels are here too (shared/labels.ts keeps the
 * English ones that the trustees' pages, the shares and the server use).
 */
import en from '../../i18n/catalogs/en/tasks.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const useTasksMessages = namespace('tasks', en, import.meta.glob(['../../i18n/catalogs/*/tasks.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
