/**
 * The Unlock screen's dialog (UnlockKeysDialog.tsx shows it while the keys are locked), its own
 * chunk with the sign-in steps' words it shows (web/features/auth): fetched when the keys are
 * found locked, not with every signed-in start (issue 41). Precached by the PWA, so offline too.
 */
import { serverMessage } from '../../api/client';
import { LazyPasswordPromptDialog } from '../../ui/password-prompt';
import { authStepWords } from '../auth';
import { useKeySession } from './key-session';

const WRONG = 'That password did not open your keys. Please check it and try again.';
const CLEARED = 'This device needs your password once more to open what you wrote (its storage was cleared, or your password changed on another device). Your changes are kept here and sync once it is open.';
/** The account key was replaced on another device (SECURITY.md "Replacing the account key"). */
const REPLACED = 'The key that locks your words was replaced on another device. Enter your password to open them here again. Your changes are kept here and sync once it is open.';

/** The password prompt that unlocks the keys; `onDismiss` puts it aside ("Not now"). */
export function UnlockKeysPrompt({ replaced, onDismiss }: { replaced: boolean; onDismiss: () => void }) {
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
      onDismiss={onDismiss}
    />
  );
}
