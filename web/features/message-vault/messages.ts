/**
 * The Message Vault's words (issue 44): its catalog namespace 'message-vault'
 * (web/i18n/catalogs/<lang>/message-vault.json, ids 'messages.…'), English registered when this
 * module loads (so it ships in the feature's chunk). The vault's screens call `useMessageVaultMessages()` first.
 */
import en from '../../i18n/catalogs/en/message-vault.json';
import { namespace } from '../../i18n/i18n';

/** Call first in a screen of the feature: in another language it waits (Suspense) for that language's words. */
export const useMessageVaultMessages = namespace('message-vault', en, import.meta.glob(['../../i18n/catalogs/*/message-vault.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }));

