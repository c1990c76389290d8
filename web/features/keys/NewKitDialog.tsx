/**
 * "Make a new recovery kit" (Settings card, and the kit page when its code is gone): says first
 * that the old code stops working, asks for the password (the re-auth of sensitive actions,
 * sync-server/accounts/reauth.ts), makes the kit and opens the kit page with the new code
 * (recovery-kit-store.ts). It offers replacing the account key with it (issue "Sealed from the
 * server", constraint "Recovery code"; rotate.ts replaceAccountKey), checked by default; unchecked,
 * only the code's wrap is replaced (recovery.ts newKitWithPassword). "I lost a device" (`lostDevice`)
 * always replaces the key and signs the other devices out (SECURITY.md "Replacing the account key").
 */
import { useState, type FormEvent } from 'react';
import { UnwrapError } from '../../../shared/crypto/errors';
import { PROOF_REQUIRED } from '../../../shared/schema/user';
import { ApiError, apiFetch, serverMessage } from '../../api/client';
import { useAppNavigate } from '../../app/navigation';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { t as say, useT } from '../../i18n/i18n';
import { toast } from '../../ui/toast-store';
import { createDeviceKeyStore } from './device-key-store';
import { deriveInWorker } from './kdf-client';
import { useKeySession } from './key-session';
import { useKeysMessages } from './messages';
import { newKitWithPassword } from './recovery';
import { RECOVERY_KIT_PATH, useRecoveryKit } from './recovery-kit-store';
import { KeyReplacedButError, ReopenFirstError, replaceAccountKey, TrusteeKitsUnreadableError } from './rotate';
import { noteOthersShutOut } from './shut-out-note';

/** The request was refused because the password is wrong (400 naming `loginSecret`, or `password` for re-auth). */
function wrongPassword(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 400) return false;
  try {
    const issues = (JSON.parse(err.bodyText) as { issues?: { path?: string }[] }).issues ?? [];
    return issues.some((i) => i.path === 'loginSecret' || i.path === 'password');
  } catch {
    return false;
  }
}

/** Why the kit could not be made, in words for the person: each cause its own (SECURITY.md "Replacing the account key"). */
function failure(err: unknown, lostDevice: boolean): string {
  if ((err instanceof ApiError && err.serverMessage === PROOF_REQUIRED) || err instanceof ReopenFirstError) return say('keys.newKit.reopenFirst');
  if (err instanceof TrusteeKitsUnreadableError) return lostDevice ? say('keys.newKit.signOutMeanwhile', { reason: err.message }) : err.message;
  if (wrongPassword(err) || err instanceof UnwrapError) return say('keys.newKit.wrongPassword');
  if (err instanceof TypeError && !navigator.onLine) return say('keys.newKit.offline');
  return serverMessage(err, say('keys.newKit.failed'));
}

/** The dialog's title (its button's words) and description, for a new kit or a lost device. */
const WORDS = {
  kit: { button: 'keys.newKit.button', description: 'keys.newKit.description' },
  lostDevice: { button: 'keys.lostDevice.button', description: 'keys.lostDevice.description' },
} as const;

/** The button and its dialog; `next` is where the kit page goes once the kit is kept; `lostDevice`: the "I lost a device" form. */
export function NewKitButton({ next, variant = 'outline', lostDevice = false }: { next: string; variant?: 'outline' | 'default'; lostDevice?: boolean }) {
  useKeysMessages();
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant={variant} onClick={() => setOpen(true)}>
        {t(WORDS[lostDevice ? 'lostDevice' : 'kit'].button)}
      </Button>
      {open && <NewKitForm next={next} lostDevice={lostDevice} close={() => setOpen(false)} />}
    </>
  );
}

function NewKitForm({ next, lostDevice, close }: { next: string; lostDevice: boolean; close: () => void }) {
  const { t } = useT();
  const user = useSession((s) => s.user);
  const navigate = useAppNavigate();
  const [password, setPassword] = useState('');
  const [replaceKey, setReplaceKey] = useState(true);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const words = WORDS[lostDevice ? 'lostDevice' : 'kit'];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    if (!password) return setError(t('keys.newKit.enterPassword'));
    setBusy(true);
    setError(undefined);
    const device = createDeviceKeyStore();
    try {
      const deps = { api: apiFetch, derive: deriveInWorker, device };
      const code =
        lostDevice || replaceKey
          ? await replaceAccountKey({ ...deps, session: () => useKeySession.getState() }, user, password, { endOtherSessions: lostDevice })
          : await newKitWithPassword(deps, user, password);
      // Settings' sharing timeline then asks about the shares a shut-out device may still read (review F7).
      if (lostDevice || replaceKey) noteOthersShutOut(user.id, lostDevice ? 'lost-device' : 'key-replaced');
      useRecoveryKit.getState().show(code, next);
      close();
      navigate(RECOVERY_KIT_PATH);
    } catch (err) {
      if (err instanceof KeyReplacedButError) {
        noteOthersShutOut(user.id, lostDevice ? 'lost-device' : 'key-replaced');
        // The server stored the new key: the old code is dead, so the new one is shown whatever failed after.
        useRecoveryKit.getState().show(err.code, next);
        toast({ title: t('keys.newKit.keyReplaced'), description: err.message, variant: 'destructive', durationMs: 15_000 });
        close();
        navigate(RECOVERY_KIT_PATH);
        return;
      }
      setError(failure(err, lostDevice));
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
      title={t(words.button)}
      description={t(words.description)}
    >
      <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        {/* SECURITY.md "Replacing the account key": the lost device's browser may keep the password, and its copy of the words stays locked with it; replacing the key does not reach that. */}
        {lostDevice && <p className="text-sm font-medium text-slate-800">{t('keys.lostDevice.changePasswordToo')}</p>}
        {!lostDevice && (
          <div className="flex items-start gap-3 text-slate-800">
            <input id="replace-key" type="checkbox" checked={replaceKey} onChange={(e) => setReplaceKey(e.target.checked)} className="mt-1 size-5 shrink-0 accent-slate-800" aria-describedby="replace-key-hint" />
            <div>
              <label htmlFor="replace-key" className="font-medium">
                {t('keys.newKit.replaceKey')}
              </label>
              {/* Outside the label: the checkbox's name stays short, and "password" names only the password field. */}
              <p id="replace-key-hint" className="text-sm text-slate-600">
                {t('keys.newKit.replaceKeyHint')}
              </p>
            </div>
          </div>
        )}
        <FormField label={t('keys.password')} error={error} required hint={t('keys.newKit.passwordHint')}>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />
        </FormField>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={close}>
            {t('keys.newKit.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t(busy ? (lostDevice || replaceKey ? 'keys.newKit.replacing' : 'keys.newKit.making') : lostDevice ? 'keys.newKit.replaceSubmit' : 'keys.newKit.makeSubmit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
