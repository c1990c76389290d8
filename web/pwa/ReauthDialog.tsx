/**
 * Session expiry while offline (issue #8; DESIGN.md §3): when the server answers 401 to a sync,
 * the engine pauses and keeps its outbox, and this dialog asks the person to sign in again. Only
 * the same account is accepted, so one person's unsynced changes never reach another account;
 * after signing in, sync resumes and pushes them. "Not now" puts it aside; the header's "Sign in
 * again to sync" opens it again (reauth-prompt.ts).
 */
import { useState, type FormEvent } from 'react';
import type { User } from '../../shared/schema';
import { apiFetch, serverMessage } from '../api/client';
import { completeSignIn } from '../app/auth-actions';
import { useSession } from '../app/session';
import { usePendingCount } from '../db';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';
import { dismissReauth, useReauthPrompt } from './reauth-prompt';

export function ReauthDialog() {
  const needsReauth = useSession((s) => s.needsReauth && s.status === 'signed-in');
  const user = useSession((s) => s.user);
  const pending = usePendingCount();
  const dismissed = useReauthPrompt((s) => s.dismissed);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!needsReauth || !user || dismissed) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError('Please enter your password.');
    setBusy(true);
    setError(undefined);
    try {
      const signedIn = await apiFetch<User>('/api/auth/login', { body: { username: user.username, password } });
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
