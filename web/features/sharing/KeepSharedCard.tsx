/**
 * On the shared page, for a signed-in viewer (issue 43 "or in their own account if they have
 * one"): keeps the link in their own account (kept-shares.ts keepShare: sealed under their keys,
 * on all their devices), or says it is kept already. Offered only when the account is sealed and
 * its keys are open on this device, so the link's key never travels in plain. Lazy: only a
 * signed-in person's page loads it. Its words: the catalogs' 'shared-view' (viewer-words.ts).
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keptSharesOf } from '../../../shared/kept-share';
import { useSession } from '../../app/session';
import { requireDb } from '../../db/current';
import { useRecord } from '../../db/hooks';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast-store';
import { useKeySession } from '../keys';
import { keepShare } from './kept-shares';
import { useT } from '../../i18n/i18n';
import { T } from '../../i18n/T';
import { useSharedViewMessages } from './viewer-words';

/** Keep share `shareId` (its key: `fragment`, the page's location.hash) titled `title`. */
export default function KeepSharedCard({ shareId, fragment, title }: { shareId: string; fragment: string; title: string }) {
  useSharedViewMessages();
  const { t } = useT();
  const userId = useSession((s) => s.user?.id ?? null);
  const keyring = useKeySession((s) => s.keyring);
  const sealed = useKeySession((s) => s.sealedAt != null);
  const profile = useRecord('profile', userId);
  const [from, setFrom] = useState('');
  const [busy, setBusy] = useState(false);
  if (profile === undefined) return null;
  const kept = keptSharesOf(profile?.keptShares).some((k) => k.id === shareId);

  const keep = async () => {
    setBusy(true);
    try {
      await keepShare(requireDb(), { id: shareId, key: fragment.replace(/^#/, ''), from, title, keptAt: new Date().toISOString() }, keyring !== null && sealed);
      toast({ title: t('sharedView.keep.keptToastTitle'), description: t('sharedView.keep.keptToastDescription') });
    } catch (e) {
      toast({ title: t('sharedView.keep.failedTitle'), description: e instanceof Error ? e.message : String(e), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="mt-6 flex flex-col gap-3 p-5">
      {kept ? (
        <p className="text-slate-700">
          <T id="sharedView.keep.kept" components={{ 0: <Link to="/dashboard" className="font-medium text-accent-800 underline" /> }} />
        </p>
      ) : keyring === null || !sealed ? (
        <p className="text-slate-700">{t('sharedView.keep.locked')}</p>
      ) : (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void keep();
          }}
        >
          <p className="text-slate-700">{t('sharedView.keep.intro')}</p>
          <FormField label={t('sharedView.keep.fromLabel')} hint={t('sharedView.keep.fromHint')}>
            <Input value={from} onChange={(e) => setFrom(e.target.value)} maxLength={60} autoComplete="off" />
          </FormField>
          {/* Longer languages wrap onto a second line rather than overflow a phone's width. */}
          <Button type="submit" className="h-auto! min-h-11 self-start py-2 whitespace-normal!" disabled={busy}>
            {t('sharedView.keep.button')}
          </Button>
        </form>
      )}
    </Card>
  );
}
