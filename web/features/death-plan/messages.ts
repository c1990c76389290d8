/**
 * The plan feature's words (issue 44, docs/i18n.md): its catalog namespace 'plan'
 * (web/i18n/catalogs/<lang>/plan.json), English registered when this module loads (so it ships in
 * the feature's chunk). The plan's screens call `usePlanMessages()` first; the select options'
 * labels are here too (shared/labels.ts keeps the English ones the server and the AI prompts use).
 */
import en from '../../i18n/catalogs/en/plan.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const usePlanMessages = namespace('plan', en, import.meta.glob(['../../i18n/catalogs/*/plan.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
