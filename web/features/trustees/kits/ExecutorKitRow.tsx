/**
 * The executor kit on the Trustees screen (issue "Release through trustees' key shares", "Fewer
 * than k kits": an optional kit the owner prints and keeps with the will, counting as one share):
 * Kit made / Put away / Last checked from the server and, once this device has opened the owner
 * copy, "Print executor kit" (the one-page PDF for the executor of the will) and the put-away
 * check: the owner types the printed code back, the browser checks it against the kit's
 * commitment and tells the server only that (executor-kit.ts). There is no link to send and no
 * e-mail: it is only printed. Its words are the `trustee-kits` catalog's (./messages.ts).
 */
import { useState, type FormEvent } from 'react';
import { Printer } from 'lucide-react';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { FormField } from '../../../ui/FormField';
import { Input } from '../../../ui/Input';
import { toast } from '../../../ui/toast-store';
import type { Api } from '../../keys';
import { actionErrorText } from '../../settings';
import { putAwayExecutorKit } from './executor-kit';
import { KitDates } from './KitRow';
import type { KitStatus } from './kits-api';
import type { KitPeople } from './kit-words';
import { KitSetupError, type KitHandout } from './make-kits';
import { useSession } from '../../../app/session';
import { t as plainT, useT } from '../../../i18n/i18n';
import { T } from '../../../i18n/T';
import { useTrusteeKitsMessages } from './messages';

export interface ExecutorKitRowProps {
  status: KitStatus;
  /** The kit opened on this device; null while it opens (or when it cannot be). */
  handout: KitHandout | null;
  /** The owner's names and the split (trusteeName is not used on the executor kit). */
  people: KitPeople;
  /** For the put-away check: the server and the owner's account id (the commitment's context). */
  api: Api;
  account: string | null;
  /** Prints on the server's clock's day (ms). */
  now: () => number;
  /** After the kit was put away (the section reloads the server's state). */
  onPutAway: () => void;
}


export function ExecutorKitRow({ status, handout, people, api, account, now, onPutAway }: ExecutorKitRowProps) {
  useTrusteeKitsMessages();
  const { t } = useT();
  const [printing, setPrinting] = useState(false);
  const accountLanguage = useSession((s) => s.user?.language);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const headingId = `kit-${status.token}`;
  const codeId = `executor-code-${status.token}`;

  const print = async () => {
    setPrinting(true);
    try {
      const { printKit } = await import('./print-kit');
      const outcome = await printKit(people, handout!, new Date(now()), { holder: null, account: accountLanguage });
      if (outcome === 'downloaded') toast({ title: plainT('trusteeKits.executor.ready'), description: plainT('trusteeKits.executor.readyText') });
    } catch (err) {
      toast({ title: plainT('trusteeKits.toast.printFailed'), description: (err as Error).message || plainT('trusteeKits.toast.tryLater'), variant: 'destructive' });
    } finally {
      setPrinting(false);
    }
  };

  const putAway = async (e: FormEvent) => {
    e.preventDefault();
    if (!handout || !account) return;
    setChecking(true);
    setError(null);
    try {
      await putAwayExecutorKit({ api, account }, handout, code);
      setCode('');
      toast({ title: plainT('trusteeKits.executor.putAwayDone'), description: plainT('trusteeKits.executor.putAwayDoneText') });
      onPutAway();
    } catch (err) {
      const text = err instanceof KitSetupError ? err.message : actionErrorText(err);
      setError(text);
      toast({ title: plainT('trusteeKits.executor.confirmFailed'), description: text, variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  };

  return (
    <li className="flex flex-col gap-3 py-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold text-slate-900">
            {t('trusteeKits.executor.title')}
          </h3>
          <p className="text-sm text-slate-700">{t('trusteeKits.executor.about')}</p>
        </div>
        {status.handedOverAt ? <Badge color="green">{t('trusteeKits.executor.putAway')}</Badge> : <Badge color="yellow">{t('trusteeKits.executor.notPutAway')}</Badge>}
      </div>
      <KitDates status={status} executor />
      {handout && (
        <>
          <p className="text-sm text-slate-700">
            <T
              id="trusteeKits.executor.fingerprint"
              values={{ fingerprint: handout.fingerprint }}
              components={{ 0: <span dir="ltr" className="font-mono font-medium text-slate-900" /> }}
            />
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => void print()} disabled={printing}>
              <Printer aria-hidden="true" />
              {printing ? t('trusteeKits.making') : t('trusteeKits.executor.print')}
            </Button>
          </div>
          {!status.handedOverAt && (
            <form onSubmit={(e) => void putAway(e)} className="flex flex-col gap-2" noValidate>
              <FormField
                label={t('trusteeKits.executor.codeLabel')}
                hint={t('trusteeKits.executor.codeHint')}
                error={error ?? undefined}
                id={codeId}
              >
                <Input
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  className="font-mono text-sm"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                />
              </FormField>
              <div className="flex justify-end">
                <Button type="submit" size="sm" disabled={checking || !code.trim()}>
                  {checking ? t('trusteeKits.executor.checking') : t('trusteeKits.executor.confirm')}
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </li>
  );
}
