/** The "Please sign in again" dialog (see ReauthDialog.tsx): the password form that resumes sync. */
import type { User } from '../../shared/schema';
import { serverMessage } from '../api/client';
import { refusalWords } from '../features/keys/refusal';
import { useState } from 'react';
import { loadAccountFlows } from '../features/auth/account-deps';
import { authStepWords, type AuthStep } from '../features/auth/AuthProgress';
import { completeSignIn } from '../app/auth-actions';
import { usePendingCount } from '../db';
import { PasswordPromptDialog } from '../ui/PasswordPromptDialog';
import { dismissReauth } from './reauth-prompt';
import { reauthDescription } from './reauth-words';

/** The dialog itself, for `user` (a lazy chunk, rendered by ReauthDialog.tsx only while asked). */
export default function ReauthForm({ user }: { user: User }) {
  const pending = usePendingCount();
  const [step, setStep] = useState<AuthStep>('start');
  return (
    <PasswordPromptDialog
      title="Please sign in again"
      description={reauthDescription(pending, user.username)}
      dismissLabel="Not now"
      submitLabel="Sign In"
      busyLabel="Signing in..."
      progress={authStepWords('login', step)}
      onPassword={async (password) => {
        // With keys: only the login secret travels, and this device's keys are opened again too.
        setStep('start');
        const flows = await loadAccountFlows();
        const { user: signedIn } = await flows.signInAccount(flows.deps, user.username, password, setStep);
        if (signedIn.id !== user.id) throw new Error('another account');
        completeSignIn(signedIn); // clears needsReauth: the sync lifecycle resumes and pushes
      }}
      errorText={(err) => refusalWords(err) ?? serverMessage(err, navigator.onLine ? 'Could not sign in. Please try again.' : 'You are offline. Try again when you are connected.')}
      onDismiss={() => dismissReauth()}
    />
  );
}
