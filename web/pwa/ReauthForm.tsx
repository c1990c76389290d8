/** The "Please sign in again" dialog (see ReauthDialog.tsx): the password form that resumes sync. */
import { useState, type FormEvent } from 'react';
import type { User } from '../../shared/schema';
import { serverMessage } from '../api/client';
import { loadAccountFlows } from '../features/auth/account-deps';
import { completeSignIn } from '../app/auth-actions';
import { usePendingCount } from '../db';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';
import { dismissReauth } from './reauth-prompt';

/** The dialog itself, for `user` (a lazy chunk, rendered by ReauthDialog.tsx only while asked). */
export default function ReauthForm({ user }: { user: User }) {
  const pending = usePendingCount();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError('Please enter your password.');
    setBusy(true);
    setError(undefined);
    try {
      // With keys: only the login secret travels, and this device's keys are opened again too.
      const flows = await loadAccountFlows();
      const { user: signedIn } = await flows.signInAccount(flows.deps, user.username, password);
      if (signedIn.id !== user.id) throw new Error('another account');
      setPassword('');
      completeSignIn(signedIn); // clears needsReauth: the sync lifecycle resumes and pushes
    } catch (err) {
      setError(serverMessage(err, navigator.onLine ? 'Could not sign in. Please try again.' : 'You are offline. Try again when you are connected.'));
    } finally {
      setBusy(false);
    }
  };

  const waiting = pending === 1 ? '1 change is' : `${pending} changes are`;
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && dismissReauth()}
      size="sm"
      title="Please sign in again"
      description={`Your session has ended. ${pending > 0 ? `${waiting} saved on this device and will be sent` : 'Your work will sync'} once you sign in as ${user.username}.`}
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <FormField label="Password" error={error} required>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => dismissReauth()}>
            Not now
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Signing in...' : 'Sign In'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
