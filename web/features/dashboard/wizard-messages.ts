/**
 * The profile wizard's words (issue 44, docs/i18n.md): the catalog namespace 'profile-wizard'
 * (web/i18n/catalogs/<lang>/profile-wizard.json; ids `dashboard.wizard.*` and `dashboard.value.*`),
 * English registered when this module loads, so it ships in the wizard's own chunk and a dashboard
 * whose profile is complete does not fetch it (issue 41 "The dashboard loads only what it shows").
 * ProfileWizard calls `useWizardMessages()` first; wizard-patches.ts imports this module for its
 * toasts' and refusals' words.
 */
import en from '../../i18n/catalogs/en/profile-wizard.json';
import { namespace } from '../../i18n/i18n';

/** Call first in the wizard: in another language it waits (Suspense) for that language's words. */
export const useWizardMessages = namespace('profile-wizard', en, import.meta.glob(['../../i18n/catalogs/*/profile-wizard.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));
