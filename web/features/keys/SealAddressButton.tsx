/**
 * “Seal this address” (keys.seal.label; refusal-words.ts SEAL_ADDRESS_LABEL quotes its English), shown beside the words for an address whose sealed copy
 * this device refused at a pull (MessageCard.tsx, KitRow.tsx; issue 39): the person says the
 * address shown is right, and this device writes a fresh sealed copy of it (address-copies.ts
 * resealAddress). A toast says what happened; nothing is lost on failure.
 */
import { useState } from 'react';
import type { CollectionName } from '../../../shared/schema/collection-names';
import { requireDb } from '../../db/current';
import { useT } from '../../i18n/i18n';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast-store';
import { resealAddress } from './address-copies';
import { useKeysMessages } from './messages';

export interface SealAddressButtonProps {
  collection: Extract<CollectionName, 'messages' | 'trustees'>;
  id: string;
  /** Whose address, for the button's accessible name (“Seal this address for Bob”). */
  whose: string;
}

export function SealAddressButton({ collection, id, whose }: SealAddressButtonProps) {
  useKeysMessages();
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const seal = async () => {
    setBusy(true);
    try {
      const address = await resealAddress(requireDb(), collection, id);
      toast({ title: t('keys.seal.sealed'), description: t('keys.seal.sealedDescription', { address }) });
    } catch {
      toast({ title: t('keys.seal.failed'), description: t('keys.seal.failedDescription'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void seal()} aria-label={t('keys.seal.labelFor', { whose })}>
      {t('keys.seal.label')}
    </Button>
  );
}
