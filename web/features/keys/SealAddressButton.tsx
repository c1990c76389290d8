/**
 * “Seal this address” (SEAL_ADDRESS_LABEL), shown beside the words for an address whose sealed copy
 * this device refused at a pull (MessageCard.tsx, KitRow.tsx; issue 39): the person says the
 * address shown is right, and this device writes a fresh sealed copy of it (address-copies.ts
 * resealAddress). A toast says what happened; nothing is lost on failure.
 */
import { useState } from 'react';
import type { CollectionName } from '../../../shared/schema/collection-names';
import { requireDb } from '../../db/current';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast-store';
import { resealAddress } from './address-copies';
import { SEAL_ADDRESS_LABEL } from './refusal-words';

export interface SealAddressButtonProps {
  collection: Extract<CollectionName, 'messages' | 'trustees'>;
  id: string;
  /** Whose address, for the button's accessible name (“Seal this address for Bob”). */
  whose: string;
}

export function SealAddressButton({ collection, id, whose }: SealAddressButtonProps) {
  const [busy, setBusy] = useState(false);
  const seal = async () => {
    setBusy(true);
    try {
      const address = await resealAddress(requireDb(), collection, id);
      toast({ title: 'Address sealed', description: `${address} is sealed again as your own word. It is sent to your server at the next sync.` });
    } catch {
      toast({ title: 'The address was not sealed', description: 'Nothing was changed. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => void seal()} aria-label={`${SEAL_ADDRESS_LABEL} for ${whose}`}>
      {SEAL_ADDRESS_LABEL}
    </Button>
  );
}
