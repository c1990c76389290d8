/**
 * The owner's emergency screen, `/emergency` and `/emergency/<request id>` (the link of the
 * e-mail and the push sent when a trustee asks; sync-server/sharing/emergency-routes.ts; issue 43):
 * who asked, when the wait ends, and one button to refuse; a granted emergency's "End the
 * emergency", and once it is ended, the ask to re-key what was opened (rekey.ts) with the way to
 * make new trustee kits. Signed in (the router's RequireUser). A failure is a toast and changes nothing.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatLongDateTime } from '../../../shared/labels';
import type { KitsState } from '../../../shared/schema/kits';
import { apiFetch, serverMessage } from '../../api/client';
import { useCollection } from '../../db';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { toast } from '../../ui/toast-store';
import { EMERGENCY_INTRO, endedToast, grantedText, NOTHING_ASKED, PAST_WORDS, REFUSED_TOAST, REKEY_LINK, rekeyText, waitingText } from './emergency-words';
import { rekeyDue, type EmergencyRequestView as RequestJson } from './rekey';

export default function EmergencyPage() {
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
      toast({ title: serverMessage(err, 'Could not load emergency requests. Check your connection and try again.'), variant: 'destructive' });
    }
  }, []);
  useEffect(() => void load(), [load]);
  const nameOf = (trusteeId: string) => {
    const t = trustees?.find((x) => x.id === trusteeId);
    return typeof t?.name === 'string' && t.name ? t.name : 'Your trustee';
  };
  const act = async (r: RequestJson, step: 'refuse' | 'end') => {
    setBusy(true);
    try {
      await apiFetch(`/api/emergency/requests/${r.id}/${step}`, { method: 'POST', body: {} });
      toast({ title: step === 'refuse' ? REFUSED_TOAST : endedToast(nameOf(r.trusteeId)) });
      await load();
    } catch (err) {
      toast({ title: serverMessage(err, 'That did not go through. Check your connection and try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  const open = (requests ?? []).filter((r) => r.phase === 'requested' || r.phase === 'waiting' || r.phase === 'granted');
  const past = (requests ?? []).filter((r) => !open.includes(r));
  const rekey = rekeyDue(requests ?? [], kits);
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Emergency access</h1>
      <p className="text-slate-700">{EMERGENCY_INTRO}</p>
      {requests === null && <p className="text-slate-700">Loading…</p>}
      {requests !== null && open.length === 0 && <p className="text-slate-700">{NOTHING_ASKED}</p>}
      {open.map((r) => (
        <Card key={r.id} className={`p-4 ${r.id === id ? 'ring-2 ring-amber-500' : ''}`}>
          {r.phase === 'granted' ? (
            <>
              <p className="text-slate-800">{grantedText(nameOf(r.trusteeId), r.grantedAt)}</p>
              <Button className="mt-3" disabled={busy} onClick={() => void act(r, 'end')}>
                End the emergency
              </Button>
            </>
          ) : (
            <>
              <p className="text-slate-800">{waitingText(nameOf(r.trusteeId), r.requestedAt, r.waitEndsAt)}</p>
              <Button className="mt-3" variant="destructive" disabled={busy} onClick={() => void act(r, 'refuse')}>
                Refuse
              </Button>
            </>
          )}
        </Card>
      ))}
      {rekey.map((r) => (
        <div key={`rekey-${r.id}`} className="rounded-xl border border-amber-200 bg-amber-50 p-4" role="status">
          <p className="text-slate-900">{rekeyText(nameOf(r.trusteeId))}</p>
          <Link to="/trustees" className="mt-3 inline-block font-medium text-slate-900 underline underline-offset-2">
            {REKEY_LINK}
          </Link>
        </div>
      ))}
      {past.length > 0 && (
        <section aria-labelledby="emergency-past">
          <h2 id="emergency-past" className="text-lg font-semibold text-slate-900">
            Earlier requests
          </h2>
          <ul className="mt-2 space-y-1 text-slate-700">
            {past.map((r) => (
              <li key={r.id}>
                {nameOf(r.trusteeId)}, {formatLongDateTime(Date.parse(r.requestedAt))}: {PAST_WORDS[r.phase] ?? ''}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
