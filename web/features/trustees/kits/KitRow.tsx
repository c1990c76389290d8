/**
 * One trustee's kit on the Trustees screen (issue "Release through trustees' key shares"): Kit made
 * / Handed over / Last checked from the server, and, once this device has opened the owner copy,
 * the kit link with its fingerprint and the ways to hand it over from the owner's own device:
 * "Send by e-mail" (a mailto: the owner's mail app sends, never the server's mailer), "Share…"
 * (where the browser has a share sheet), "Copy link" and "Print kit" (the one-page PDF). Each of
 * them only once the address and level are the ones the owner sealed (kit-check.ts): else the row
 * says why in place of them (issue 39). Its words are the `trustee-kits` catalog's (./messages.ts);
 * the dates in the owner's language (shared/intl-format.ts).
 */
import { useState } from 'react';
import { Copy, Mail, Printer, Share2 } from 'lucide-react';
import { ACCESS_LEVEL_COLORS } from '../../../../shared/labels';
import { formatDate } from '../../../../shared/intl-format';
import { t as plainT, useT, type DisplayLanguage } from '../../../i18n/i18n';
import { accessLevelId, useTrusteesMessages } from '../messages';
import { useTrusteeKitsMessages } from './messages';
import { Badge } from '../../../ui/Badge';
import { Button, buttonClasses } from '../../../ui/Button';
import { FormField } from '../../../ui/FormField';
import { Input } from '../../../ui/Input';
import { toast } from '../../../ui/toast-store';
import { SealAddressButton } from '../../keys';
import type { KitStatus } from './kits-api';
import type { KitCandidate } from './kit-plan';
import { kitAddress, kitHandoutProblem } from './kit-check';
import { canShareLinks, copyKitLink, kitMailto, shareKitLink } from './kit-share';
import type { KitPeople } from './kit-words';
import type { KitHandout } from './make-kits';
import { useSession } from '../../../app/session';

export interface KitRowProps {
  status: KitStatus;
  /** The trustee as this device knows them; null for one removed since the kit was made. */
  trustee: KitCandidate | null;
  /** The kit opened on this device; null while it opens (or when it cannot be). */
  handout: KitHandout | null;
  people: KitPeople;
  /** Prints on the server's clock's day (ms). */
  now: () => number;
}

const day = (iso: string | null, none: string, language: DisplayLanguage) => (iso ? formatDate(iso, language) : none);

/** A kit's three dates (made, handed over — or "put away" for the executor kit, `executor` — and last checked), as a list of terms. */
export function KitDates({ status, executor = false }: { status: Pick<KitStatus, 'madeAt' | 'handedOverAt' | 'checkedAt'>; executor?: boolean }) {
  useTrusteeKitsMessages();
  const { t, language } = useT();
  return (
    <dl className="grid grid-cols-3 gap-2 text-sm">
      {(
        [
          [t('trusteeKits.dates.made'), day(status.madeAt, '—', language)],
          [executor ? t('trusteeKits.executor.putAway') : t('trusteeKits.row.handedOver'), day(status.handedOverAt, t('trusteeKits.dates.notYet'), language)],
          [t('trusteeKits.dates.lastChecked'), day(status.checkedAt, t('trusteeKits.dates.never'), language)],
        ] as const
      ).map(([term, value]) => (
        <div key={term}>
          <dt className="font-medium text-slate-900">{term}</dt>
          <dd className="text-slate-700">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function KitRow({ status, trustee, handout, people, now }: KitRowProps) {
  useTrusteeKitsMessages();
  useTrusteesMessages(); // the access levels' labels
  const { t } = useT();
  const [printing, setPrinting] = useState(false);
  const accountLanguage = useSession((s) => s.user?.language);
  const name = trustee?.name ?? t('trusteeKits.row.formerTrustee');
  const first = name.split(/\s+/)[0] || name;
  const headingId = `kit-${status.token}`;
  // Checked before anything can be sent or printed: the sealed address and level, not the server's
  // word. With a problem the row offers no way to send, share, copy or print (only the words).
  const problem = handout && trustee ? kitHandoutProblem(trustee, handout) : null;

  const copy = () =>
    copyKitLink(handout!.link).then(
      () => toast({ title: plainT('trusteeKits.toast.copied'), description: plainT('trusteeKits.toast.copiedText', { first }) }),
      () => toast({ title: plainT('trusteeKits.toast.copyFailed'), description: plainT('trusteeKits.toast.copyFailedText'), variant: 'destructive' }),
    );
  const share = () =>
    shareKitLink(people, handout!.link).catch(() =>
      toast({ title: plainT('trusteeKits.toast.shareFailed'), description: plainT('trusteeKits.toast.shareFailedText'), variant: 'destructive' }),
    );
  const print = async () => {
    setPrinting(true);
    try {
      const { printKit } = await import('./print-kit');
      const outcome = await printKit(people, handout!, new Date(now()), { holder: trustee?.language, account: accountLanguage });
      if (outcome === 'downloaded') toast({ title: plainT('trusteeKits.toast.ready'), description: plainT('trusteeKits.toast.readyText', { first }) });
    } catch (err) {
      toast({ title: plainT('trusteeKits.toast.printFailed'), description: (err as Error).message || plainT('trusteeKits.toast.tryLater'), variant: 'destructive' });
    } finally {
      setPrinting(false);
    }
  };

  return (
    <li className="flex flex-col gap-3 py-4" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words font-semibold text-slate-900">
            {name}
          </h3>
          {trustee && <p className="break-all text-sm text-slate-700">{kitAddress(trustee)}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          {trustee ? (
            <Badge color={ACCESS_LEVEL_COLORS[trustee.level]}>{t(accessLevelId(trustee.level))}</Badge>
          ) : (
            <Badge color="red">{t('trusteeKits.row.noLonger')}</Badge>
          )}
          {status.handedOverAt ? <Badge color="green">{t('trusteeKits.row.handedOver')}</Badge> : <Badge color="yellow">{t('trusteeKits.row.notHandedOver')}</Badge>}
        </div>
      </div>
      <KitDates status={status} />
      {handout && trustee && problem && (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-sm font-medium text-red-700">{problem}</p>
          {trustee.copyRefused && <SealAddressButton collection="trustees" id={trustee.id} whose={name} />}
        </div>
      )}
      {handout && trustee && !problem && (
        <>
          <FormField label={t('trusteeKits.row.linkLabel', { name })} hint={t('trusteeKits.row.linkHint', { fingerprint: handout.fingerprint, first })}>
            <Input readOnly value={handout.link} className="font-mono text-sm" spellCheck={false} onFocus={(e) => e.currentTarget.select()} />
          </FormField>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <a
              href={kitMailto(kitAddress(trustee), people, handout.link, handout.fingerprint)}
              className={buttonClasses('outline', 'sm')}
              aria-label={t('trusteeKits.row.sendLabel', { name })}
            >
              <Mail aria-hidden="true" />
              {t('trusteeKits.row.send')}
            </a>
            {canShareLinks() && (
              <Button type="button" variant="outline" size="sm" onClick={() => void share()} aria-label={t('trusteeKits.row.shareLabel', { name })}>
                <Share2 aria-hidden="true" />
                {t('trusteeKits.row.share')}
              </Button>
            )}
            <Button type="button" variant="outline" size="sm" onClick={() => void copy()} aria-label={t('trusteeKits.row.copyLabel', { name })}>
              <Copy aria-hidden="true" />
              {t('trusteeKits.row.copy')}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => void print()} disabled={printing} aria-label={t('trusteeKits.row.printLabel', { name })}>
              <Printer aria-hidden="true" />
              {printing ? t('trusteeKits.making') : t('trusteeKits.row.print')}
            </Button>
          </div>
        </>
      )}
    </li>
  );
}
