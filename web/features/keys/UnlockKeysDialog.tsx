/**
 * The Unlock screen (shared/crypto/README.md "Keys"): the account has keys but this device does
 * not hold the key that opens them (its storage was cleared, or the password changed on another
 * device), so the key session is `locked` and sealed sync waits, keeping every change. The
 * password opens them here (useKeySession.unlock: the KDF in a Worker, the account's stored KDF
 * parameters); "Not now" puts the dialog aside until the next start. Works offline when the
 * keys were seen on this device before.
 */
import { useState, type FormEvent } from 'react';
import { serverMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { useKeySession } from './key-session';

const WRONG = 'That password did not open your keys. Please check it and try again.';

/** Shown while the signed-in account's keys are locked on this device (mounted by SignedInServices). */
export function UnlockKeysDialog() {
  const locked = useKeySession((s) => s.status === 'locked');
  const [dismissed, setDismissed] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!locked || dismissed) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError('Please enter your password.');
    setBusy(true);
    setError(undefined);
    try {
      await useKeySession.getState().unlock(password);
      setPassword('');
    } catch (err) {
      const status = (err as { status?: number }).status;
      setError(status ? serverMessage(err) : navigator.onLine || err instanceof Error ? WRONG : 'You are offline. Try again when you are connected.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && setDismissed(true)}
      size="sm"
      title="Unlock your words"
      description="This device needs your password once more to open what you wrote (its storage was cleared, or your password changed on another device). Your changes are kept here and sync once it is open."
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <FormField label="Password" error={error} required>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => setDismissed(true)}>
            Not now
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Unlocking...' : 'Unlock'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
