/**
 * "Emergency access" on a trustee's card (web/features/trustees): opens EmergencyAccessDialog for
 * that trustee, and says in one sentence what they may open now that it is set.
 */
import { useState } from 'react';
import { LifeBuoy } from 'lucide-react';
import type { Trustee } from '../../../shared/schema';
import { Button } from '../../ui/Button';
import { EmergencyAccessDialog } from './EmergencyAccessDialog';
import { choiceSentence } from './emergency-words';
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

/** The sentence of `trustee`'s emergency access, or null when none is set. */
export function EmergencyAccessLine({ trustee }: { trustee: Trustee }) {
  useEmergencyMessages();
  if (!trustee.emergency) return null;
  return <p className="px-5 pb-4 text-sm text-slate-700">{choiceSentence(trustee.name, trustee.emergency.items.length, trustee.emergency.waitHours)}</p>;
}
