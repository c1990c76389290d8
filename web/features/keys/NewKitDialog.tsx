/**
 * "Make a new recovery kit" (Settings card, and the kit page when its code is gone): says first
 * that the old code stops working, asks for the password (the re-auth of sensitive actions,
 * sync-server/auth/reauth.ts), makes the kit (recovery.ts newKitWithPassword) and opens the kit
 * page with the new code (recovery-kit-store.ts).
 */
import { useState, type FormEvent } from 'react';
import { PROOF_REQUIRED } from '../../../shared/schema/user';
import { ApiError, apiFetch, serverMessage } from '../../api/client';
import { useAppNavigate } from '../../app/navigation';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { createDeviceKeyStore } from './device-key-store';
import { deriveInWorker } from './kdf-client';
import { newKitWithPassword } from './recovery';
import { RECOVERY_KIT_PATH, useRecoveryKit } from './recovery-kit-store';

/** Why the kit could not be made, in words for the person. */
function failure(err: unknown): string {
  if (err instanceof ApiError && err.serverMessage === PROOF_REQUIRED) return 'Open your words with your recovery code first (see "Recovery kit" in Settings), then make a new kit.';
  if (err instanceof ApiError && err.status === 400) return 'That password is not right. Please try again.';
  if (err instanceof TypeError && !navigator.onLine) return 'You are offline. A new kit can be made when you are connected.';
  return serverMessage(err, 'The new kit could not be made. Please try again.');
}

/** The button and its dialog; `next` is where the kit page goes once the kit is kept. */
export function NewKitButton({ next, variant = 'outline' }: { next: string; variant?: 'outline' | 'default' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant={variant} onClick={() => setOpen(true)}>
        Make a new recovery kit
      </Button>
      {open && <NewKitForm next={next} close={() => setOpen(false)} />}
    </>
  );
}

function NewKitForm({ next, close }: { next: string; close: () => void }) {
  const user = useSession((s) => s.user);
  const navigate = useAppNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    if (!password) return setError('Please enter your password.');
    setBusy(true);
    setError(undefined);
    const device = createDeviceKeyStore();
    try {
      const code = await newKitWithPassword({ api: apiFetch, derive: deriveInWorker, device }, user, password);
      useRecoveryKit.getState().show(code, next);
      close();
      navigate(RECOVERY_KIT_PATH);
    } catch (err) {
      setError(failure(err));
      setBusy(false);
    } finally {
      device.close();
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && close()}
      size="sm"
      title="Make a new recovery kit"
      description="Your current recovery code will stop working as soon as the new one is made. Keep only the new kit, and destroy the old one."
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <FormField label="Password" error={error} required hint="For your safety, please enter your password.">
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Making your kit...' : 'Make new kit'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
