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
import { groupsOf, HOW_TO_USE, kitDate, kitText, NO_ONE_ELSE, WHERE_TO_KEEP } from './kit-text';
import { NewKitButton } from './NewKitDialog';
import { confirmKitKept, WrongRecoveryCodeError } from './recovery';
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
  return (
    <p className={`flex flex-wrap justify-center gap-x-3 gap-y-2 font-mono text-2xl font-semibold tracking-wider text-slate-900 sm:text-3xl ${className}`} data-testid="recovery-code">
      {groupsOf(code).map((g, i) => (
        <span key={i} className="rounded-md bg-stone-100 px-2 py-1" aria-label={`Group ${i + 1}: ${[...g].join(' ')}`}>
          {g}
        </span>
      ))}
    </p>
  );
}

export default function RecoveryKitPage() {
  const { code, next, clear } = useRecoveryKit();
  if (!code) return <NoCode />;
  return <Kit code={code} next={next} done={clear} />;
}

function NoCode() {
  return (
    <>
      <PageHeader title="Your recovery kit" />
      <Card className="max-w-2xl">
        <CardContent className="flex flex-col gap-4 pt-6">
          <p className="text-slate-700">
            For your safety, a recovery code is shown only once and is never kept on this device, so it cannot be shown again here.
          </p>
          <p className="text-slate-700">If you did not keep it, you can make a new kit now. The old code will then stop working.</p>
          <div>
            <NewKitButton next="/settings" variant="default" />
          </div>
        </CardContent>
      </Card>
    </>
  );
}

function Kit({ code, next, done }: { code: string; next: string; done: () => void }) {
  const navigate = useAppNavigate();
  const user = useSession((s) => s.user);
  const qr = useQr(code);
  const [step, setStep] = useState<'keep' | 'check'>('keep');
  const account = user ? `${user.firstName} ${user.lastName} (${user.username})` : '';
  const madeOn = kitDate(Date.now());

  const download = () => {
    const url = URL.createObjectURL(new Blob([kitText(code, account, madeOn)], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'afterword-recovery-kit.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => toast({ title: 'Code copied', description: 'Paste it somewhere safe, such as a password manager.' }),
      () => toast({ title: 'Could not copy', description: 'Please write the code down or download the kit instead.', variant: 'destructive' }),
    );
  const later = async () => {
    const ok = await confirm({
      title: 'Keep your kit later?',
      description: 'This code will not be shown again. Settings will remind you that your kit is not confirmed, and you can make a new one there at any time.',
      confirmLabel: 'Later',
      cancelLabel: 'Back to my kit',
    });
    if (!ok) return;
    done();
    navigate(next, { replace: true });
  };
  const kept = () => {
    toast({ title: 'Recovery kit kept', description: 'Thank you. Keep it somewhere safe.' });
    done();
    navigate(next, { replace: true });
  };

  return (
    <>
      <PageHeader title="Your recovery kit" subtitle="If you ever forget your password, this code opens your words again." />
      <div className="flex max-w-2xl flex-col gap-6">
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950">
          {NO_ONE_ELSE}
        </p>
        {step === 'keep' ? (
          <Card>
            <CardContent className="flex flex-col items-center gap-5 pt-6">
              <CodeGroups code={code} />
              {qr ? <img src={qr} alt="QR code of your recovery code" width={200} height={200} className="h-auto w-48" /> : <div className="h-48 w-48" aria-hidden />}
              <div className="grid w-full grid-cols-1 gap-2 sm:grid-cols-3">
                <Button type="button" variant="outline" onClick={() => print()}>
                  Print
                </Button>
                <Button type="button" variant="outline" onClick={download}>
                  Download
                </Button>
                <Button type="button" variant="outline" onClick={() => void copy()}>
                  Copy
                </Button>
              </div>
              <p className="text-sm text-slate-700">{WHERE_TO_KEEP}</p>
              <div className="flex w-full flex-col-reverse gap-2 sm:flex-row sm:justify-between">
                <Button type="button" variant="ghost" onClick={() => void later()}>
                  Later
                </Button>
                <Button type="button" onClick={() => setStep('check')}>
                  I have kept it
                </Button>
              </div>
            </CardContent>
          </Card>
        ) : (
          <CheckKept userId={user?.id ?? ''} code={code} back={() => setStep('keep')} kept={kept} />
        )}
      </div>
      <section className="recovery-kit-print space-y-3 text-base" aria-hidden>
        <h1 className="text-2xl font-semibold">Afterword recovery kit</h1>
        <p>Account: {account}</p>
        <p>Made on: {madeOn}</p>
        <p className="py-2 font-mono text-2xl tracking-wide">{code}</p>
        {qr && <img src={qr} alt="" width={160} height={160} />}
        <p>If you forget your password, this code opens your plans, messages and documents again.</p>
        <ol className="list-decimal space-y-1 pl-6">
          {HOW_TO_USE.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p>{WHERE_TO_KEEP}</p>
        <p className="font-semibold">{NO_ONE_ELSE}</p>
      </section>
    </>
  );
}

/** A newer kit was made on another device between this one and its check: this code opens nothing now. */
const KIT_REPLACED = 'A newer recovery kit was made on another device meanwhile, so this code no longer opens your words. Keep the newest kit, or make a new one in Settings.';

/** The check that the kit was kept: the code typed back from the person's own copy. */
function CheckKept({ userId, code, back, kept }: { userId: string; code: string; back: () => void; kept: () => void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const [got, want] = await Promise.all([parseRecoveryCode(typed), parseRecoveryCode(code)]);
      if (got.some((b, i) => b !== want[i])) return setError('This is a different code from the one on your kit. Please check that you kept the newest one.');
    } catch (err) {
      if (!(err instanceof RecoveryCodeError)) throw err;
      return setError(
        err.group
          ? `Group ${err.group} does not look right. Please check it against your kit, letter by letter.`
          : typed.trim()
            ? 'This code is not complete or two groups are swapped. It has 7 groups of 5 letters and numbers.'
            : 'Please type the code from your kit.',
      );
    }
    setBusy(true);
    setError(undefined);
    try {
      await confirmKitKept(apiFetch, userId, code); // marks kept only the kit this code opens (recovery.ts)
      kept();
    } catch (err) {
      setBusy(false);
      if (err instanceof WrongRecoveryCodeError || (err instanceof ApiError && err.status === 409)) return setError(KIT_REPLACED);
      setError(serverMessage(err, 'We could not save this. Please try again.'));
    }
  };

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <p className="text-slate-700">To be sure your kit can be read, please type the code from your printed page, file or note.</p>
          <FormField label="Recovery code" error={error} hint="7 groups of 5 letters and numbers. Capital or small letters and dashes do not matter.">
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
              Back to my kit
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Confirm'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
