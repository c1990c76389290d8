/**
 * The owner's emergency screen, `/emergency` and `/emergency/<request id>` (the link of the
 * e-mail and the push sent when a trustee asks; sync-server/sharing/emergency-routes.ts; issue 43):
 * who asked, when the wait ends, and one button to refuse; a granted emergency's "End the
 * emergency", and once it is ended, the ask to re-key what was opened (rekey.ts) with the way to
 * make new trustee kits. Signed in (the router's RequireUser). A failure is a toast and changes nothing.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../shared/intl-format';
import { t as translate, useT } from '../../i18n/i18n';
import type { KitsState } from '../../../shared/schema/kits';
import { apiFetch, serverMessage } from '../../api/client';
import { useCollection } from '../../db';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { toast } from '../../ui/toast-store';
import { endedToast, grantedText, pastWords, rekeyText, waitingText } from './emergency-words';
import { useEmergencyMessages } from './messages';
import { rekeyDue, type EmergencyRequestView as RequestJson } from './rekey';

export default function EmergencyPage() {
  useEmergencyMessages();
  const { t, language } = useT();
  const { id } = useParams();
  const trustees = useCollection('trustees');
  const [requests, setRequests] = useState<RequestJson[] | null>(null);
  const [kits, setKits] = useState<KitsState | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    apiFetch<KitsState>('/api/kits').then(setKits, () => setKits(null)); // for the re-key ask only: unknown, it is asked all the same
    try {
      setRequests((await apiFetch<{ requests: RequestJson[] }>('/api/emergency')).requests);
    } catch (err) {
      toast({ title: serverMessage(err, translate('emergency.loadFailed')), variant: 'destructive' });
    }
  }, []);
  useEffect(() => void load(), [load]);
  const nameOf = (trusteeId: string) => {
    const found = trustees?.find((x) => x.id === trusteeId);
    return typeof found?.name === 'string' && found.name ? found.name : t('emergency.yourTrustee');
  };
  const act = async (r: RequestJson, step: 'refuse' | 'end') => {
    setBusy(true);
    try {
      await apiFetch(`/api/emergency/requests/${r.id}/${step}`, { method: 'POST', body: {} });
      toast({ title: step === 'refuse' ? t('emergency.refusedToast') : endedToast(nameOf(r.trusteeId)) });
      await load();
    } catch (err) {
      toast({ title: serverMessage(err, t('emergency.actFailed')), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const open = (requests ?? []).filter((r) => r.phase === 'requested' || r.phase === 'waiting' || r.phase === 'granted');
  const past = (requests ?? []).filter((r) => !open.includes(r));
  const rekey = rekeyDue(requests ?? [], kits);
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">{t('emergency.title')}</h1>
      <p className="text-slate-700">{t('emergency.intro')}</p>
      {requests === null && <p className="text-slate-700">{t('emergency.loading')}</p>}
      {requests !== null && open.length === 0 && <p className="text-slate-700">{t('emergency.nothingAsked')}</p>}
      {open.map((r) => (
        <Card key={r.id} className={`p-4 ${r.id === id ? 'ring-2 ring-amber-500' : ''}`}>
          {r.phase === 'granted' ? (
            <>
              <p className="text-slate-800">{grantedText(nameOf(r.trusteeId), r.grantedAt)}</p>
              <Button className="mt-3" disabled={busy} onClick={() => void act(r, 'end')}>
                {t('emergency.end')}
              </Button>
            </>
          ) : (
            <>
              <p className="text-slate-800">{waitingText(nameOf(r.trusteeId), r.requestedAt, r.waitEndsAt)}</p>
              <Button className="mt-3" variant="destructive" disabled={busy} onClick={() => void act(r, 'refuse')}>
                {t('emergency.refuse')}
              </Button>
            </>
          )}
        </Card>
      ))}
      {rekey.map((r) => (
        <div key={`rekey-${r.id}`} className="rounded-xl border border-amber-200 bg-amber-50 p-4" role="status">
          <p className="text-slate-900">{rekeyText(nameOf(r.trusteeId))}</p>
          <Link to="/trustees" className="mt-3 inline-block font-medium text-slate-900 underline underline-offset-2">
            {t('emergency.rekeyLink')}
          </Link>
        </div>
      ))}
      {past.length > 0 && (
        <section aria-labelledby="emergency-past">
          <h2 id="emergency-past" className="text-lg font-semibold text-slate-900">
            {t('emergency.earlier')}
          </h2>
          <ul className="mt-2 space-y-1 text-slate-700">
            {past.map((r) => (
              <li key={r.id}>
                {t('emergency.pastLine', { name: nameOf(r.trusteeId), date: formatDateTime(Date.parse(r.requestedAt), language), outcome: pastWords(r.phase) ?? '' })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
