/**
 * "Trustee kits" on the Trustees screen (issue "Release through trustees' key shares"; contract
 * §3): the owner chooses how many of their accepted trustees' kits are needed (k of n: default 2
 * of at least 3, 1 with a plain warning), "Make kits" on this device (make-kits.ts: the keyring's
 * level keys, makeGeneration, the owner copy under AK, POST /api/kits), then hands each kit over
 * (KitRow.tsx) and sees it made, handed over and checked. "Re-key" makes a new generation (needed
 * after a trustee is removed). An optional executor kit (off by default) is one more kit, printed
 * and kept with the will (ExecutorKitRow.tsx). The honest notices come from kit-plan.ts. Needs the network
 * (kits live on the server) and the open keys (for making and showing kits). Its words are the
 * `trustee-kits` catalog's (./messages.ts), in the owner's language.
 */
import { useMemo, useState } from 'react';
import { KeyRound } from 'lucide-react';
import { apiFetch } from '../../../api/client';
import { useSession } from '../../../app/session';
import { useCurrentDb } from '../../../db/current';
import { useCollection, useRefusedIds } from '../../../db/hooks';
import { KeysLockedError } from '../../../sync/keys-locked';
import { Button } from '../../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/Card';
import { FormField } from '../../../ui/FormField';
import { Select } from '../../../ui/Select';
import { toast } from '../../../ui/toast-store';
import { bindMessagesToKits, useKeySession, type Api } from '../../keys';
import { actionErrorText, NeedsConnection } from '../../settings';
import { defaultThreshold, executorByDefault, kitCandidates, kitNotices, kitsTooLongText, removedKitHolders, type KitCandidate, type KitNotice } from './kit-plan';
import { shownGeneration, type KitGeneration } from './kits-api';
import { KitRow } from './KitRow';
import { ExecutorKitRow } from './ExecutorKitRow';
import { executorTogetherText } from './kit-words';
import { makeKits, KitSetupError } from './make-kits';
import { useKits } from './use-kits';
import { nameList, useTrusteeKitsMessages } from './messages';
import { t as plainT, useT } from '../../../i18n/i18n';
import { T } from '../../../i18n/T';

const api = apiFetch as Api;

function Notices({ notices }: { notices: readonly KitNotice[] }) {
  const { t } = useT();
  if (notices.length === 0) return null;
  return (
    <ul className="flex flex-col gap-2" aria-label={t('trusteeKits.notices.label')}>
      {notices.map((n) => (
        <li
          key={n.id}
          data-notice={n.id}
          className={n.tone === 'warning' ? 'rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950' : 'rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-950'}
        >
          <p>{n.text}</p>
          {n.detail && (
            // Plain words first, the detail behind a native disclosure (keyboard and screen readers for free; issue 38 item 8).
            <details className="mt-2">
              <summary className="cursor-pointer rounded font-medium underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current">
                {t('trusteeKits.notices.howThisWorks')}
              </summary>
              <p className="mt-1">{n.detail}</p>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The k-of-n choice, the executor kit and "Make kits" (or, when re-keying, "Make new kits" and "Cancel"). */
function MakeKitsForm(props: {
  candidates: KitCandidate[];
  k: number;
  setK: (k: number) => void;
  executor: boolean;
  setExecutor: (on: boolean) => void;
  rekey: boolean;
  busy: boolean;
  onMake: () => void;
  onCancel?: () => void;
}) {
  const { t } = useT();
  const { candidates, k, setK, executor, rekey, busy } = props;
  const n = candidates.length + (executor ? 1 : 0);
  const options = Array.from({ length: n }, (_, i) => ({ value: String(i + 1), label: t('trusteeKits.form.option', { k: i + 1, n }) }));
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
      {rekey && (
        <p className="text-sm text-slate-800">{t('trusteeKits.form.rekeyNote', { k })}</p>
      )}
      <p className="text-sm text-slate-800">
        <T
          id="trusteeKits.form.kitsFor"
          values={{ names: nameList([...candidates.map((c) => c.name), ...(executor ? [t('trusteeKits.form.executorName')] : [])]) }}
          components={{ 0: <span className="font-medium" /> }}
        />
      </p>
      <label className="flex items-start gap-3 text-slate-800">
        <input type="checkbox" checked={executor} onChange={(e) => props.setExecutor(e.target.checked)} className="mt-1 size-5 shrink-0 accent-slate-800" aria-describedby="executor-kit-hint" />
        <span>
          <span className="font-medium">{t('trusteeKits.form.executorLabel')}</span>
          <span id="executor-kit-hint" className="block text-sm text-slate-600">
            {t('trusteeKits.form.executorHint')}
            {executor && ` ${executorTogetherText(k)}`}
          </span>
        </span>
      </label>
      <FormField label={t('trusteeKits.form.neededLabel')} hint={t('trusteeKits.form.neededHint')}>
        <Select options={options} value={String(k)} onValueChange={(v) => setK(Number(v))} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {props.onCancel && (
          <Button type="button" variant="ghost" onClick={props.onCancel}>
            {t('trusteeKits.cancel')}
          </Button>
        )}
        <Button type="button" onClick={props.onMake} disabled={busy || n < k}>
          <KeyRound aria-hidden="true" />
          {busy ? t('trusteeKits.form.making') : rekey ? t('trusteeKits.form.makeNew') : t('trusteeKits.form.make')}
        </Button>
      </div>
    </div>
  );
}

/** While new kits wait to be handed over, the kits still in force, status only (their links are not handed out again). */
function KitsInForce(props: { gen: KitGeneration; byId: Map<string, KitCandidate>; names: Map<string, string>; owner: { ownerName: string; ownerFirstName: string }; now: () => number }) {
  const { gen, byId, names, owner, now } = props;
  const { t } = useT();
  return (
    <details className="mt-2 rounded-lg border border-stone-200 p-3">
      <summary className="cursor-pointer font-medium text-slate-900">
        {t('trusteeKits.inForce', { k: gen.k, n: gen.n })}
      </summary>
      <ul className="divide-y divide-stone-200">
        {gen.kits.map((s) =>
          s.executor ? (
            <ExecutorKitRow key={s.token} status={s} handout={null} people={{ ...owner, trusteeName: 'the executor', k: gen.k, n: gen.n }} api={api} account={null} now={now} onPutAway={() => {}} />
          ) : (
            <KitRow
              key={s.token}
              status={s}
              trustee={byId.get(s.trusteeId) ?? null}
              handout={null}
              people={{ ...owner, trusteeName: byId.get(s.trusteeId)?.name ?? names.get(s.trusteeId) ?? 'Trustee', k: gen.k, n: gen.n }}
              now={now}
            />
          ),
        )}
      </ul>
    </details>
  );
}

export function TrusteeKitsSection() {
  useTrusteeKitsMessages();
  const { t } = useT();
  const user = useSession((s) => s.user);
  const keyStatus = useKeySession((s) => s.status);
  // Not restored yet on this device (just loaded, or restoring): not "no keys" (key-session.ts restoring).
  const keysUnknown = useKeySession((s) => s.restoring || s.userId === null);
  const keyring = useKeySession((s) => s.keyring);
  const withAccountKey = useKeySession((s) => s.withAccountKey);
  const db = useCurrentDb((s) => s.db);
  const local = useCollection('trustees');
  const refusedCopies = useRefusedIds('trustees', 'sealedEmail'); // copies the server left out or served older (kit-check.ts)
  const profile = useCollection('profile')?.[0];
  const account = user?.id ?? null;
  const view = useKits({ api, account, keysOpen: keyStatus === 'open', withAccountKey });
  const now = () => db?.correctedNow() ?? Date.now();

  const candidates = useMemo(() => kitCandidates(local ?? [], view.serverTrustees ?? [], refusedCopies), [local, view.serverTrustees, refusedCopies]);
  const [chosenK, setChosenK] = useState<number | null>(null);
  const [rekeying, setRekeying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [executorChoice, setExecutor] = useState<boolean | null>(null);
  const shown: KitGeneration | null = view.state ? shownGeneration(view.state) : null;
  // Off for the first kits; a re-key makes a new executor kit when the kits in force have one.
  const executor = executorChoice ?? executorByDefault(shown);
  const kitCount = candidates.length + (executor && candidates.length > 0 ? 1 : 0);
  // Never more kits needed than kits to hold them (a trustee may be removed after the choice).
  const k = Math.min(chosenK ?? defaultThreshold(kitCount), Math.max(1, kitCount));
  const choosing = !shown || rekeying;
  const names = useMemo(() => new Map((local ?? []).map((t) => [t.id, t.name?.trim() || t.email])), [local]);
  const notices = view.state ? kitNotices({ state: view.state, candidates, choiceK: choosing ? k : null, choiceExecutor: executor, now: now(), names }) : [];
  const mustRekey = removedKitHolders(shown, candidates).length > 0;

  // The name as the owner's own (opened) profile holds it; the session's copy may lack the sealed last name.
  const ownerFirstName = profile?.firstName || user?.firstName || '';
  const owner = { ownerName: [ownerFirstName, profile?.lastName].filter(Boolean).join(' '), ownerFirstName };

  const make = async () => {
    if (!view.state || !account) return;
    setBusy(true);
    try {
      if (!keyring) throw new KeysLockedError();
      // Every kit will print on one page, or the owner is told now, before any kit is handed over (issue 38).
      const people = (trusteeName: string) => ({ ...owner, trusteeName, k, n: kitCount });
      const tooLong = kitsTooLongText([...candidates.map((c) => ({ people: people(c.name), executor: false })), ...(executor ? [{ people: people('the executor'), executor: true }] : [])]);
      if (tooLong) throw new KitSetupError(tooLong);
      await makeKits({ api, account, withAccountKey, keyring }, { k, trustees: candidates.map((c) => ({ trusteeId: c.id, level: c.level })), state: view.state, executor });
      toast({ title: plainT('trusteeKits.made.title'), description: plainT('trusteeKits.made.description', { executor: executor ? 'yes' : 'no' }) });
      setRekeying(false);
      setChosenK(null);
      setExecutor(null);
      view.reload();
      void bindMessagesToKits(); // each message's key to the new kits now (its failures are logged and retried at the next start)
    } catch (err) {
      const description =
        err instanceof KitSetupError
          ? err.message
          : err instanceof KeysLockedError
            ? plainT('trusteeKits.lockedError')
            : actionErrorText(err);
      toast({ title: plainT('trusteeKits.makeFailed'), description, variant: 'destructive' });
      view.reload(); // another device may have made kits meanwhile: the next try starts from the server's state
    } finally {
      setBusy(false);
    }
  };

  const byId = new Map(candidates.map((c) => [c.id, c]));

  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle as="h2" id="trustee-kits">
          {t('trusteeKits.title')}
        </CardTitle>
        <CardDescription>{t('trusteeKits.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {view.state === null ? (
          <p className="text-slate-700">{view.failed ? <NeedsConnection onRetry={view.reload} /> : t('trusteeKits.loading')}</p>
        ) : (
          <>
            <Notices notices={notices} />
            {keyStatus !== 'open' ? (
              <p className="text-sm text-slate-800">
                {keyStatus === 'locked'
                  ? t('trusteeKits.keys.locked')
                  : keysUnknown
                    ? t('trusteeKits.keys.opening')
                    : t('trusteeKits.keys.none')}
              </p>
            ) : choosing && candidates.length > 0 ? (
              <MakeKitsForm
                candidates={candidates}
                k={k}
                setK={setChosenK}
                executor={executor}
                setExecutor={setExecutor}
                rekey={!!shown}
                busy={busy}
                onMake={() => void make()}
                onCancel={
                  shown
                    ? () => {
                        setRekeying(false);
                        setExecutor(null);
                      }
                    : undefined
                }
              />
            ) : null}
            {shown && (
              <section aria-labelledby="kits-list" className="flex flex-col gap-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 id="kits-list" className="font-semibold text-slate-900">
                    {t('trusteeKits.list.heading', { which: view.state.pending && view.state.current ? 'new' : 'current', k: shown.k, n: shown.n })}
                  </h3>
                  {!rekeying && keyStatus === 'open' && (
                    <Button type="button" variant={mustRekey ? 'default' : 'outline'} size="sm" onClick={() => setRekeying(true)}>
                      {t('trusteeKits.rekey')}
                    </Button>
                  )}
                </div>
                {view.handoutError && (
                  <p role="alert" className="text-sm font-medium text-red-700">
                    {view.handoutError}
                  </p>
                )}
                <ul className="divide-y divide-stone-200">
                  {shown.kits.map((s) => {
                    if (s.executor) {
                      return (
                        <ExecutorKitRow
                          key={s.token}
                          status={s}
                          handout={view.handouts?.get(s.trusteeId) ?? null}
                          people={{ ...owner, trusteeName: 'the executor', k: shown.k, n: shown.n }}
                          api={api}
                          account={account}
                          now={now}
                          onPutAway={view.reload}
                        />
                      );
                    }
                    const trustee = byId.get(s.trusteeId) ?? null;
                    return (
                      <KitRow
                        key={s.token}
                        status={s}
                        trustee={trustee}
                        handout={view.handouts?.get(s.trusteeId) ?? null}
                        people={{ ...owner, trusteeName: trustee?.name ?? names.get(s.trusteeId) ?? 'Trustee', k: shown.k, n: shown.n }}
                        now={now}
                      />
                    );
                  })}
                </ul>
                {view.state.pending && view.state.current && <KitsInForce gen={view.state.current} byId={byId} names={names} owner={owner} now={now} />}
              </section>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
