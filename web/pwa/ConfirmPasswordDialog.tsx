/**
 * "Confirm your password" (web/pwa/confirm-password.ts): shown when a sensitive action needs the
 * password entered again; posts it to `POST /api/auth/confirm-password`, then the action runs.
 * Mounted once while signed in (SignedInServices.tsx); renders nothing until asked.
 */
import { useState, type FormEvent } from 'react';
import { apiFetch, serverMessage } from '../api/client';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { FormField } from '../ui/FormField';
import { Input } from '../ui/Input';
import { usePasswordPrompt } from './confirm-password';
import { useKeySession } from '../features/keys/key-session';

export function ConfirmPasswordDialog() {
  const pending = usePasswordPrompt((s) => s.pending);
  if (!pending) return null;
  return <ConfirmPasswordForm settle={pending} />;
}

function ConfirmPasswordForm({ settle }: { settle: (ok: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const close = (ok: boolean) => {
    usePasswordPrompt.setState({ pending: null });
    settle(ok);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError('Please enter your password.');
    setBusy(true);
    setError(undefined);
    try {
      await apiFetch('/api/auth/confirm-password', { body: await useKeySession.getState().passwordProof(password) }); // with keys: the login secret
      close(true);
    } catch (err) {
      setError(serverMessage(err, navigator.onLine ? 'Could not check your password. Please try again.' : 'You are offline. Try again when you are connected.'));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close(false)}
      size="sm"
      title="Confirm your password"
      description="For your safety, please enter your password again before changing this."
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <FormField label="Password" error={error} required>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Checking...' : 'Confirm'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
