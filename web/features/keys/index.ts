/**
 * What the keys feature offers other features (issue 42: a feature reaches another only through its
 * index.ts): the key session, the refusals of a server answer this device will not take and their
 * words, the recovery kit's state, dialogs and words, the KDF pin, and, for first use, the modules
 * the sign-in pages load only once a form is started (lazy.ts, reset-lazy.ts). Re-exports only.
 */
export type { SignInStep } from './account-flows';
export type { Api } from './api';
export type { DeviceKeyStore } from './device-key-store';
export { bindMessagesToKits } from './key-effects';
export { appKeyDeps, useKeySession } from './key-session';
export { kitDate } from './kit-text';
export { importAccountFlows, importKdfClient, importKeySession } from './lazy';
export { NewKitButton } from './NewKitDialog';
export { checkPinnedKdf, strongest, type KdfCost } from './pin';
export { kitState, type KitState } from './recovery';
export { RECOVERY_KIT_PATH, useRecoveryKit } from './recovery-kit-store';
export { DeviceRefusal, refusalWords } from './refusal';
export {
  ADDRESS_UNCHECKED_WORDS,
  HANDOVER_MISMATCH_WORDS,
  KIT_ADDRESS_UNCHECKED_WORDS,
  KNOWN_KEYS_WORDS,
  OLDER_ACCOUNT_CHOICE,
  OTHER_ACCOUNT_WORDS,
  RESET_NO_KEYS_WORDS,
} from './refusal-words';
export { ReopenWords, type NewPasswordKeys } from './ReopenWords';
export { SealAddressButton } from './SealAddressButton';
export { forgetOthersShutOut, noteOthersShutOut, othersShutOutOf, type OthersShutOut, type ShutOutReason } from './shut-out-note';
export { importReopenWords, importResetKeys } from './reset-lazy';
