/**
 * "Emergency access" on a trustee's card (web/features/trustees): opens EmergencyAccessDialog for
 * that trustee, and says in one sentence what they may open now that it is set, and when a choice
 * saved offline, or a Remove made offline, waits on this device to be sent (or was not sent: pending-choices.ts).
 */
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCurrentDb } from '../../db/current';
import { pendingChoicesIn, type PendingEmergencyChoice } from './pending-choices';
import { LifeBuoy } from 'lucide-react';
import type { Trustee } from '../../../shared/schema';
import { Button } from '../../ui/Button';
import { EmergencyAccessDialog } from './EmergencyAccessDialog';
import { choiceSentence, waitingChoiceText, waitingRemovalText } from './emergency-words';
import { useT } from '../../i18n/i18n';
import { useEmergencyMessages } from './messages';

/** The button for `trustee` (one of `trusteeCount`), and the sentence of their emergency access when set. */
export function EmergencyAccessButton({ trustee, trusteeCount }: { trustee: Trustee; trusteeCount: number }) {
  useEmergencyMessages();
  const { t } = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" aria-label={t('emergency.buttonLabel', { name: trustee.name })} onClick={() => setOpen(true)}>
        <LifeBuoy aria-hidden="true" />
        {t('emergency.button')}
      </Button>
      {open && <EmergencyAccessDialog trustee={trustee} trusteeCount={trusteeCount} open={open} onOpenChange={setOpen} />}
    </>
  );
}

/** What waits on this device for `trustee` (a choice or a Remove saved offline), or why it was not sent, in one line. */
const keptLine = (trustee: Trustee, kept: PendingEmergencyChoice, t: ReturnType<typeof useT>['t']) =>
  kept.problem
    ? t(kept.remove ? 'emergency.line.removeNotSent' : 'emergency.line.notSent', { problem: kept.problem })
    : t('emergency.line.waiting', { waiting: kept.remove ? waitingRemovalText(trustee.name) : waitingChoiceText(trustee.name, Boolean(trustee.emergency)) });

/** The sentence of `trustee`'s emergency access, and of a choice kept on this device for them; null when neither. */
export function EmergencyAccessLine({ trustee }: { trustee: Trustee }) {
  useEmergencyMessages();
  const { t } = useT();
  const db = useCurrentDb((s) => s.db);
  const kept = useLiveQuery(async () => (db ? ((await pendingChoicesIn(db.dexie).get(trustee.id)) ?? null) : null), [db, trustee.id]);
  if (!trustee.emergency && !kept) return null;
  return (
    <div className="px-5 pb-4 text-sm text-slate-700">
      {trustee.emergency && <p>{choiceSentence(trustee.name, trustee.emergency.items.length, trustee.emergency.waitHours)}</p>}
      {kept && <p className="text-amber-900">{keptLine(trustee, kept, t)}</p>}
    </div>
  );
}
