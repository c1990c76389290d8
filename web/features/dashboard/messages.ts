/**
 * The dashboard's words (issue 44, docs/i18n.md): its catalog namespace 'dashboard'
 * (web/i18n/catalogs/<lang>/dashboard.json), English registered when this module loads (so it
 * ships in the dashboard's chunk). The profile wizard's words are in their own namespace
 * ('profile-wizard', ./wizard-messages.ts), which comes with the wizard's chunk: a completed
 * profile's dashboard does not fetch them (issue 41). The dashboard's screens call `useDashboardMessages()` first.
 * shared/dashboard-cards.ts keeps the cards' English (SPEC.md §2); the screen reads their words here by card type.
 */
import en from '../../i18n/catalogs/en/dashboard.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const useDashboardMessages = namespace('dashboard', en, import.meta.glob(['../../i18n/catalogs/*/dashboard.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
