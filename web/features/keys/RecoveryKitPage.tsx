/**
 * The recovery kit at RECOVERY_KIT_PATH (SECURITY.md "Recovery"; shared/crypto/README.md
 * "Recovery code"): the code from recovery-kit-store.ts in large groups, its QR code, Print (only
 * the kit: recovery-kit-print.css), Download (a text file) and Copy, and the plain sentence that
 * without the password and this code no one can open the words. Then the check that the person
 * kept it: they type the code back from their copy (the code is hidden meanwhile); its check
 * characters name a mistyped group (parseRecoveryCode); a match is POST /api/keys/recovery/confirmed.
 * "Later" is allowed: Settings then shows the kit as not confirmed. With no code in memory (a
 * reload: the code is never stored) the page offers a new kit.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { RecoveryCodeError } from '../../../shared/crypto/errors';
import { parseRecoveryCode } from '../../../shared/crypto/recovery';
import { ApiError, apiFetch, serverMessage } from '../../api/client';
import { useAppNavigate } from '../../app/navigation';
import { useSession } from '../../app/session';
import { Button } from '../../ui/Button';
import { Card, CardContent } from '../../ui/Card';
import { confirm } from '../../ui/confirm';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../ui/toast-store';
import { useT } from '../../i18n/i18n';
import { groupsOf, howToUse, kitDate, kitText } from './kit-text';
import { useKeysMessages } from './messages';
import { NewKitButton } from './NewKitDialog';
import { confirmKitKept, WrongRecoveryCodeError } from './recovery';
import { codeError } from './code-words';
import { useRecoveryKit } from './recovery-kit-store';
import './recovery-kit-print.css';

/** The QR code of `code` as a PNG data URL (the `qrcode` library, loaded with this page only). */
function useQr(code: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ toDataURL }) => toDataURL(code, { errorCorrectionLevel: 'M', margin: 2, width: 240 })).then((u) => live && setUrl(u));
    return () => {
      live = false;
    };
  }, [code]);
  return url;
}

/** The code in large monospace groups; screen readers hear it group by group. */
function CodeGroups({ code, className = '' }: { code: string; className?: string }) {
  const { t } = useT();
  return (
    <p className={`flex flex-wrap justify-center gap-x-3 gap-y-2 font-mono text-2xl font-semibold tracking-wider text-slate-900 sm:text-3xl ${className}`} data-testid="recovery-code">
      {groupsOf(code).map((g, i) => (
        <span key={i} className="rounded-md bg-stone-100 px-2 py-1" aria-label={t('keys.kit.group', { n: String(i + 1), letters: [...g].join(' ') })}>
          {g}
        </span>
      ))}
    </p>
  );
}

export default function RecoveryKitPage() {
  useKeysMessages();
  const { code, next, clear } = useRecoveryKit();
  if (!code) return <NoCode />;
  return <Kit code={code} next={next} done={clear} />;
}

function NoCode() {
  const { t } = useT();
  return (
    <>
      <PageHeader title={t('keys.kit.title')} />
      <Card className="max-w-2xl">
        <CardContent className="flex flex-col gap-4 pt-6">
          <p className="text-slate-700">{t('keys.kit.shownOnce')}</p>
          <p className="text-slate-700">{t('keys.kit.makeNewNow')}</p>
          <div>
            <NewKitButton next="/settings" variant="default" />
          </div>
        </CardContent>
      </Card>
    </>
  );
}

function Kit({ code, next, done }: { code: string; next: string; done: () => void }) {
  const { t, language } = useT();
  const navigate = useAppNavigate();
  const user = useSession((s) => s.user);
  const qr = useQr(code);
  const [step, setStep] = useState<'keep' | 'check'>('keep');
  const account = user ? `${user.firstName} ${user.lastName} (${user.username})` : '';
  const madeOn = kitDate(Date.now(), language);

  const download = () => {
    const url = URL.createObjectURL(new Blob([kitText(t, code, account, madeOn)], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'afterword-recovery-kit.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => toast({ title: t('keys.kit.copied'), description: t('keys.kit.copiedDescription') }),
      () => toast({ title: t('keys.kit.copyFailed'), description: t('keys.kit.copyFailedDescription'), variant: 'destructive' }),
    );
  const later = async () => {
    const ok = await confirm({
      title: t('keys.kit.laterTitle'),
      description: t('keys.kit.laterDescription'),
      confirmLabel: t('keys.kit.later'),
      cancelLabel: t('keys.kit.backToKit'),
    });
    if (!ok) return;
    done();
    navigate(next, { replace: true });
  };
  const kept = () => {
    toast({ title: t('keys.kit.keptTitle'), description: t('keys.kit.keptDescription') });
    done();
    navigate(next, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('keys.kit.title')} subtitle={t('keys.kit.subtitle')} />
      <div className="flex max-w-2xl flex-col gap-6">
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950">
          {t('keys.kit.noOneElse')}
        </p>
        {step === 'keep' ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-5 pt-6">
              <CodeGroups code={code} />
              {qr ? <img src={qr} alt={t('keys.kit.qrAlt')} width={200} height={200} className="h-auto w-48" /> : <div className="h-48 w-48" aria-hidden />}
              <div className="grid w-full grid-cols-1 gap-2 sm:grid-cols-3">
                <Button type="button" variant="outline" onClick={() => print()}>
                  {t('keys.kit.print')}
                </Button>
                <Button type="button" variant="outline" onClick={download}>
                  {t('keys.kit.download')}
                </Button>
                <Button type="button" variant="outline" onClick={() => void copy()}>
                  {t('keys.kit.copy')}
                </Button>
              </div>
              <p className="text-sm text-slate-700">{t('keys.kit.whereToKeep')}</p>
              <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                <Button type="button" variant="ghost" onClick={() => void later()}>
                  {t('keys.kit.later')}
                </Button>
                <Button type="button" onClick={() => setStep('check')}>
                  {t('keys.kit.keptIt')}
                </Button>
              </div>
            </CardContent>
          </Card>
        ) : (
          <CheckKept userId={user?.id ?? ''} code={code} back={() => setStep('keep')} kept={kept} />
        )}
      </div>
      <section className="recovery-kit-print space-y-3 text-base" aria-hidden>
        <h1 className="text-2xl font-semibold">{t('keys.print.title')}</h1>
        <p>{t('keys.print.account', { account })}</p>
        <p>{t('keys.print.madeOn', { date: madeOn })}</p>
        <p className="py-2 font-mono text-2xl tracking-wide" dir="ltr">
          {code}
        </p>
        {qr && <img src={qr} alt="" width={160} height={160} />}
        <p>{t('keys.print.opens')}</p>
        <ol className="list-decimal space-y-1 ps-6">
          {howToUse(t).map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p>{t('keys.kit.whereToKeep')}</p>
        <p className="font-semibold">{t('keys.kit.noOneElse')}</p>
      </section>
    </>
  );
}

/** The check that the kit was kept: the code typed back from the person's own copy. */
function CheckKept({ userId, code, back, kept }: { userId: string; code: string; back: () => void; kept: () => void }) {
  const { t } = useT();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const [got, want] = await Promise.all([parseRecoveryCode(typed), parseRecoveryCode(code)]);
      if (got.some((b, i) => b !== want[i])) return setError(t('keys.kit.different'));
    } catch (err) {
      if (!(err instanceof RecoveryCodeError)) throw err;
      return setError(typed.trim() || err.group ? codeError(t, err) : t('keys.kit.empty'));
    }
    setBusy(true);
    setError(undefined);
    try {
      await confirmKitKept(apiFetch, userId, code); // marks kept only the kit this code opens (recovery.ts)
      kept();
    } catch (err) {
      setBusy(false);
      if (err instanceof WrongRecoveryCodeError || (err instanceof ApiError && err.status === 409)) return setError(t('keys.kit.replaced')); // a newer kit was made on another device between this one and its check
      setError(serverMessage(err, t('keys.kit.saveFailed')));
    }
  };

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <p className="text-slate-700">{t('keys.kit.checkIntro')}</p>
          <FormField label={t('keys.code.label')} error={error} hint={t('keys.code.hint')}>
            <Input
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="font-mono text-lg tracking-wider"
              autoFocus
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            <Button type="button" variant="ghost" onClick={back}>
              {t('keys.kit.backToKit')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t('keys.kit.saving') : t('keys.kit.confirm')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
