/**
 * The Unlock screen (shared/crypto/README.md "Keys"): the account has keys but this device does
 * not hold the key that opens them (its storage was cleared, or the password changed on another
 * device), so the key session is `locked` and sealed sync waits, keeping every change. The
 * password opens them here (useKeySession.unlock: the KDF in a Worker, the account's stored KDF
 * parameters); "Not now" puts the dialog aside until the next start. Works offline when the
 * keys were seen on this device before.
 */
import { useState } from 'react';
import { serverMessage } from '../../api/client';
import { LazyPasswordPromptDialog } from '../../ui/password-prompt';
import { authStepWords } from '../auth';
import { useKeySession } from './key-session';

const WRONG = 'That password did not open your keys. Please check it and try again.';
const CLEARED = 'This device needs your password once more to open what you wrote (its storage was cleared, or your password changed on another device). Your changes are kept here and sync once it is open.';
/** The account key was replaced on another device (SECURITY.md "Replacing the account key"). */
const REPLACED = 'The key that locks your words was replaced on another device. Enter your password to open them here again. Your changes are kept here and sync once it is open.';

/** Shown while the signed-in account's keys are locked on this device (mounted by SignedInServices). */
export function UnlockKeysDialog() {
  const locked = useKeySession((s) => s.status === 'locked');
  const replaced = useKeySession((s) => s.akReplaced);
  const [dismissed, setDismissed] = useState(false);
  if (!locked || dismissed) return null;
  return (
    <LazyPasswordPromptDialog
      title="Unlock your words"
      description={replaced ? REPLACED : CLEARED}
      dismissLabel="Not now"
      submitLabel="Unlock"
      busyLabel="Unlocking..."
      progress={authStepWords('login', 'keys')}
      onPassword={(password) => useKeySession.getState().unlock(password)}
      errorText={(err) => {
        const status = (err as { status?: number }).status;
        return status ? serverMessage(err) : navigator.onLine || err instanceof Error ? WRONG : 'You are offline. Try again when you are connected.';
      }}
      onDismiss={() => setDismissed(true)}
    />
  );
}
