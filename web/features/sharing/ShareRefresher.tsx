/**
 * Keeps every shared document's copy current (docs/sharing.md "Always current"): while someone is
 * signed in and their keys are open, a document that changes on this device (an edit here, or one
 * synced from another device) is sealed again for each live share of it. A refresh that could not
 * reach the server is tried again at the next change or when the device is back online. Renders nothing.
 */
import { useEffect, useRef } from 'react';
import type { LegalDocument } from '../../../shared/schema';
import { apiFetch } from '../../api/client';
import { useSession } from '../../app/session';
import { useCollection } from '../../db/hooks';
import { toast } from '../../ui/toast-store';
import { useKeySession, type Api } from '../keys';
import { documentCopy, refreshShares } from './share-client';
import { KEY_REFUSED_TEXT } from './share-words';

const api = apiFetch as Api;

export function ShareRefresher() {
  const account = useSession((s) => s.user?.id ?? null);
  const keyring = useKeySession((s) => s.keyring);
  const documents = useCollection('documents');
  /** The copy each document had when last seen (first sight: a baseline, nothing sent). */
  const seen = useRef(new Map<string, string>());
  const pending = useRef(new Map<string, LegalDocument>());

  useEffect(() => {
    if (!documents) return;
    for (const d of documents) {
      const copy = JSON.stringify(documentCopy(d));
      const before = seen.current.get(d.id);
      seen.current.set(d.id, copy);
      if (before !== undefined && before !== copy) pending.current.set(d.id, d);
    }
    if (!account || !keyring || pending.current.size === 0) return;
    const run = async () => {
      for (const [id, d] of [...pending.current]) {
        try {
          const { refused } = await refreshShares({ api, account, keyring }, d);
          if (pending.current.get(id) === d) pending.current.delete(id);
          if (refused.length) toast({ title: 'A share was not updated', description: KEY_REFUSED_TEXT, variant: 'destructive' });
        } catch {
          // Offline or the server failed: kept in `pending`, tried again at the next change or when online.
        }
      }
    };
    void run();
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [documents, account, keyring]);
  return null;
}
