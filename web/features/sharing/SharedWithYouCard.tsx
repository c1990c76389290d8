/**
 * "Shared with you" on the dashboard (issue 43 "or in their own account if they have one";
 * docs/sharing.md "Keeping a link in your own account"): the links this person kept, from their
 * own sealed profile (kept-shares.ts), each naming whose it is and what, opening the shared
 * viewer's own read-only, always-current page inside the app, with a Remove. A link is opened only
 * when the person opens it (KeptRow). Nothing shows while none is kept.
 */
import { Link } from 'react-router-dom';
import { keptSharesOf, type KeptShare } from '../../../shared/kept-share';
import { useSession } from '../../app/session';
import { requireDb } from '../../db/current';
import { useRecord } from '../../db/hooks';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { confirm } from '../../ui/confirm';
import { toast } from '../../ui/toast-store';
import { forgetKept, keptPath } from './kept-shares';
import { useT } from '../../i18n/i18n';
import { useSharingMessages } from './messages';

export default function SharedWithYouCard() {
  useSharingMessages();
  const { t } = useT();
  const userId = useSession((s) => s.user?.id ?? null);
  const profile = useRecord('profile', userId);
  const kept = keptSharesOf(profile?.keptShares);
  if (kept.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="shared-with-you">
      <CardHeader>
        <CardTitle as="h2" id="shared-with-you">
          {t('sharing.withYou.title')}
        </CardTitle>
        <CardDescription>{t('sharing.withYou.intro')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-stone-200">
          {kept.map((k) => (
            <KeptRow key={k.id} kept={k} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/**
 * One kept link: what (its title when it was kept) and whose, and Remove. It is opened only when the
 * person opens it (the link): opening every kept link at each visit of the dashboard told each owner's
 * timeline "Maria opened …" whenever Maria looked at her dashboard, showed the server from one address
 * which shares she holds, and spent her address's bound on share openings (security review s23-sharing
 * M1, M2). A link that opens nothing now says so on its page, in the viewer's words.
 */
function KeptRow({ kept }: { kept: KeptShare }) {
  const { t } = useT();
  const title = kept.title || t('sharing.withYou.item');
  const remove = async () => {
    const ask = {
      title: t('sharing.withYou.removeTitle', { title }),
      description: t('sharing.withYou.removeDescription', { from: kept.from || t('sharing.withYou.whoShared') }),
      confirmLabel: t('sharing.withYou.remove'),
      destructive: true,
    };
    if (!(await confirm(ask))) return;
    await forgetKept(requireDb(), kept.id);
    toast({ title: t('sharing.withYou.removed'), description: t('sharing.withYou.removedDescription', { title }) });
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <Link to={keptPath(kept)} className="font-medium break-words text-accent-800 underline">
          {title}
        </Link>
        <p className="text-sm text-slate-600">{kept.from ? t('sharing.withYou.from', { from: kept.from }) : t('sharing.withYou.title')}</p>
      </div>
      <Button variant="outline" size="sm" className="self-start" aria-label={t('sharing.withYou.removeLabel', { title })} onClick={() => void remove()}>
        {t('sharing.withYou.remove')}
      </Button>
    </li>
  );
}
