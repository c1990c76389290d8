/**
 * "Open your words again" after a password reset (SECURITY.md "Password reset"): on the reset
 * page right after the new password is set (`unlock` given: its keys, derived there), or later
 * from Settings (the password is asked too). This browser's AK is used at once when it still
 * holds it; otherwise the person types the recovery code; without either, the honest message of
 * what is lost and what still works. The steps are recovery.ts's.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { RecoveryCodeError } from '../../../shared/crypto/errors';
import type { KdfParams } from '../../../shared/crypto/kdf';
import { apiFetch, serverMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { createDeviceKeyStore } from './device-key-store';
import { deriveInWorker } from './kdf-client';
import { NoRecoveryKitError, reopenAfterReset, reopenWithPassword, WrongRecoveryCodeError, akFromCode } from './recovery';

/** The new password's keys, kept by the reset page only until the words are open. */
export interface NewPasswordKeys {
  unlockKey: CryptoKey;
  kdf: KdfParams;
}

type Stage = 'device' | 'code' | 'none' | 'open';

/** What went wrong, in words for the person. */
function failure(err: unknown): string {
  if (err instanceof RecoveryCodeError) {
    return err.group ? `Group ${err.group} does not look right. Please check it against your kit, letter by letter.` : 'This code is not complete or two groups are swapped. It has 7 groups of 5 letters and numbers.';
  }
  if (err instanceof WrongRecoveryCodeError || err instanceof NoRecoveryKitError) return err.message;
  if (err instanceof TypeError && !navigator.onLine) return 'You are offline. Please try again when you are connected.';
  return serverMessage(err, 'Your words could not be opened. Please try again.');
}

/** The step; `onDone` runs once the words are open (or the person goes on without them). */
export function ReopenWords({ user, unlock, onDone }: { user: { id: string; username: string }; unlock?: NewPasswordKeys; onDone: () => void }) {
  const [stage, setStage] = useState<Stage | null>(unlock ? null : 'code');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  // Right after the reset: this browser may still hold AK (an unlocked device of the person's).
  useEffect(() => {
    if (!unlock) return;
    let live = true;
    const device = createDeviceKeyStore();
    void (async () => {
      const held = await device.load(user.id);
      if (!held) return live && setStage('code');
      try {
        await reopenAfterReset({ api: apiFetch, device }, user.id, held, unlock.unlockKey, unlock.kdf);
        if (live) setStage('open');
      } catch {
        if (live) setStage('code'); // this device's AK is not the account's (another AK since): the code still can
      }
    })().finally(() => device.close());
    return () => {
      live = false;
    };
  }, [unlock, user.id]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError('Please type the code from your recovery kit.');
    if (!unlock && !password) return setError('Please enter your password too.');
    setBusy(true);
    setError(undefined);
    const device = createDeviceKeyStore();
    try {
      if (unlock) await reopenAfterReset({ api: apiFetch, device }, user.id, await akFromCode(apiFetch, user.id, code), unlock.unlockKey, unlock.kdf);
      else await reopenWithPassword({ api: apiFetch, derive: deriveInWorker, device }, user, password, code);
      setStage('open');
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
      device.close();
    }
  };

  if (stage === null) return <p className="text-slate-700" role="status">Looking for your keys on this device...</p>;
  if (stage === 'open') {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p className="text-slate-700">Your words are open again. Your new password opens them from now on.</p>
        <Button type="button" size="lg" onClick={onDone}>
          Continue
        </Button>
      </div>
    );
  }
  if (stage === 'none') {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">
          Without your recovery code, and with no device where you are still signed in, you cannot open your plans, messages and documents again, and Afterword
          cannot open them for you. We are sorry.
        </p>
        <p className="text-slate-700">
          Your account still works with your new password, and your trustees stay in place. Nothing has been deleted: if you find your recovery code later,
          you can open your words then, under "Recovery kit" in Settings.
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button type="button" variant="ghost" onClick={() => setStage('code')}>
            I found my code
          </Button>
          <Button type="button" onClick={onDone}>
            Continue without my words
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <p className="text-slate-700">To open your plans, messages and documents again, type the code from your recovery kit.</p>
      {!unlock && (
        <FormField label="Password" required>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
      )}
      <FormField label="Recovery code" error={error} hint="7 groups of 5 letters and numbers. Capital or small letters and dashes do not matter.">
        <Input value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} className="font-mono text-lg tracking-wider" />
      </FormField>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Opening...' : 'Open my words'}
      </Button>
      <Button type="button" variant="ghost" onClick={() => setStage('none')}>
        I do not have my recovery code
      </Button>
    </form>
  );
}
