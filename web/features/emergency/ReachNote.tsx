/**
 * The owner's emergency access dialog says so when a trustee's request would reach them neither by
 * e-mail (no confirmed address) nor by Web Push (no device subscribed): `GET /api/emergency`
 * `reach` (docs/sharing.md "Emergency access"). Then they would find out only by opening the app;
 * the note says that plainly, with the two ways to change it: confirm the address (Settings, where
 * "Send verification e-mail" is) or turn on notifications on this device (web/pwa/push-subscribe.ts).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { EmergencyReach } from '../../../shared/schema/trustee';
import { enableCheckInPush } from '../../pwa/push-subscribe';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast-store';
import { useT } from '../../i18n/i18n';
import { pushOutcomeWords, unreachableText } from './emergency-words';

/** The note for trustee `name` when `reach` says neither e-mail nor push would reach the owner; nothing otherwise. `onChanged` after notifications were turned on. */
export function ReachNote({ name, reach, onChanged }: { name: string; reach: EmergencyReach | null; onChanged: () => void }) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  if (!reach || reach.email || reach.push) return null;
  const turnOn = async () => {
    setBusy(true);
    const outcome = await enableCheckInPush();
    setBusy(false);
    const words = pushOutcomeWords(outcome);
    toast({ ...words, variant: outcome === 'subscribed' ? undefined : 'destructive' });
    if (outcome === 'subscribed') onChanged();
  };
  return (
    <div className="flex flex-col items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-slate-900" role="status">
      <p>{unreachableText(name)}</p>
      <Link to="/settings" className="font-medium text-slate-900 underline underline-offset-2">
        {t('emergency.confirmAddress')}
      </Link>
      <Button variant="outline" size="sm" onClick={() => void turnOn()} disabled={busy}>
        {t('emergency.turnOnPush')}
      </Button>
    </div>
  );
}
