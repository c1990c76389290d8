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
import { t as say, useT } from '../../i18n/i18n';
import { Input } from '../../ui/Input';
import { createDeviceKeyStore } from './device-key-store';
import { codeError } from './code-words';
import { deriveInWorker } from './kdf-client';
import { useKeysMessages } from './messages';
import { NoRecoveryKitError, reopenAfterReset, reopenWithPassword, WrongRecoveryCodeError, akFromCode } from './recovery';

/** The new password's keys, kept by the reset page only until the words are open. */
export interface NewPasswordKeys {
  unlockKey: CryptoKey;
  kdf: KdfParams;
}

type Stage = 'device' | 'code' | 'none' | 'open';

/** What went wrong, in words for the person. */
function failure(err: unknown): string {
  if (err instanceof RecoveryCodeError) return codeError(say, err);
  if (err instanceof WrongRecoveryCodeError || err instanceof NoRecoveryKitError) return err.message;
  if (err instanceof TypeError && !navigator.onLine) return say('keys.reopen.offline');
  return serverMessage(err, say('keys.reopen.failed'));
}

/** The step; `onDone` runs once the words are open (or the person goes on without them). */
export function ReopenWords({ user, unlock, onDone }: { user: { id: string; username: string }; unlock?: NewPasswordKeys; onDone: () => void }) {
  useKeysMessages();
  const { t } = useT();
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
    if (!code.trim()) return setError(t('keys.reopen.enterCode'));
    if (!unlock && !password) return setError(t('keys.reopen.enterPassword'));
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

  if (stage === null) return <p className="text-slate-700" role="status">{t('keys.reopen.looking')}</p>;
  if (stage === 'open') {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p className="text-slate-700">{t('keys.reopen.open')}</p>
        <Button type="button" size="lg" onClick={onDone}>
          {t('keys.reopen.continue')}
        </Button>
      </div>
    );
  }
  if (stage === 'none') {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-slate-700">{t('keys.reopen.lost')}</p>
        <p className="text-slate-700">{t('keys.reopen.stillWorks')}</p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button type="button" variant="ghost" onClick={() => setStage('code')}>
            {t('keys.reopen.foundCode')}
          </Button>
          <Button type="button" onClick={onDone}>
            {t('keys.reopen.continueWithout')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
      <p className="text-slate-700">{t('keys.reopen.intro')}</p>
      {!unlock && (
        <FormField label={t('keys.password')} required>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </FormField>
      )}
      <FormField label={t('keys.code.label')} error={error} hint={t('keys.code.hint')}>
        <Input value={code} onChange={(e) => setCode(e.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} className="font-mono text-lg tracking-wider" />
      </FormField>
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? t('keys.reopen.opening') : t('keys.reopen.submit')}
      </Button>
      <Button type="button" variant="ghost" onClick={() => setStage('none')}>
        {t('keys.reopen.noCode')}
      </Button>
    </form>
  );
}
