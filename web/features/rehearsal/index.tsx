/**
 * "Rehearse the release" (/settings/rehearsal; opened from Settings): what each recipient and each
 * trustee would receive if the plan were released now — their e-mail, as the server's release
 * builds it (GET /api/release/rehearsal, links shown as a placeholder), and their page, made on
 * this device from its own records by the release pages' own views (PagePreview.tsx). Nothing is
 * sent, queued or made: the server writes nothing for it (sync-server/release/rehearsal.ts).
 * The e-mails need a connection; the server names people by address, and this device puts the
 * names it holds beside them (named-addresses.ts). A trustee whose page would open nothing sealed
 * (fewer than k kits in force, or none of their own) is shown so, in its page's own words.
 * The screen's words are namespace 'rehearsal' (./messages.ts); the e-mails are the server's words.
 */
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RehearsalEmail, RehearsalRecipient, ReleaseRehearsal } from '../../../shared/schema/release';
import { useCurrentDb, useLiveView } from '../../db';
import { collectRecords } from '../export';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/Card';
import { PageHeader } from '../../ui/PageHeader';
import { deliveryView } from '../../release/delivery';
import { h } from '../../release/dom';
import { NO_KITS_TEXT, NO_OWN_KIT_TEXT } from '../../release/open';
import { trusteeView } from '../../release/trustee';
import { getReleaseRehearsal, usePeopleByAddress } from '../release';
import { useReloadOnline } from '../settings';
import { deliveryPreviewData, rehearsalRoutes, trusteePreviewData, type PreviewRecords } from './page-data';
import { PagePreview, type ViewOutput } from './PagePreview';
import { T } from '../../i18n/T';
import { t, useT } from '../../i18n/i18n';
import { useRehearsalMessages } from './messages';

type Loaded = ReleaseRehearsal | 'failed' | undefined;

export default function RehearsalPage() {
  useRehearsalMessages();
  const { t: say } = useT();
  const [data, setData] = useState<Loaded>(undefined);
  const load = useCallback(() => {
    getReleaseRehearsal().then(setData, () => setData('failed'));
  }, []);
  useEffect(load, [load]);
  useReloadOnline(load);
  const records = usePreviewRecords();
  const people = usePeopleByAddress();
  // One page open at a time: each is long, and the person compares e-mails more than pages.
  const [open, setOpen] = useState<string | null>(null);
  const toggle = (key: string) => setOpen((o) => (o === key ? null : key));
  // The server names people by address; the name this device holds goes beside it (named-addresses.ts).
  const nameOf = (address: string) => people.find((p) => p.name && p.email.toLowerCase() === address.toLowerCase())?.name ?? null;

  return (
    <>
      <PageHeader
        title={say('rehearsal.title')}
        subtitle={say('rehearsal.subtitle')}
        actions={
          <Link to="/settings" className="inline-flex items-center gap-1 text-sm font-medium text-accent-800 underline">
            <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {say('rehearsal.back')}
          </Link>
        }
      />
      <div className="flex max-w-3xl flex-col gap-6">
        {data === undefined && <p className="text-slate-700">{say('rehearsal.loading')}</p>}
        {data === 'failed' && <p className="text-slate-700">{say('rehearsal.offline')}</p>}
        {data && data !== 'failed' && (
          <>
            <section aria-labelledby="rehearsal-recipients" className="flex flex-col gap-4">
              <h2 id="rehearsal-recipients" className="font-serif text-2xl font-semibold text-slate-900">
                {say('rehearsal.recipients')}
              </h2>
              {data.recipients.length === 0 && <p className="text-slate-700">{say('rehearsal.noRecipients')}</p>}
              {data.recipients.map((r) => {
                const m = records?.messages.find((x) => x.id === r.messageId);
                const key = `m:${r.messageId}`;
                return (
                  <PersonCard key={key} name={nameOf(r.to)} to={r.to} email={r.email} problem={r.problem} detail={r.handedOver ? handOverText(r.handedOver, data.trustees, nameOf) : r.when}
                    page={m ? () => deliveryView(deliveryPreviewData(m, data.ownerName)) : null}
                    pageNote={m?.file ? say('rehearsal.fileNote', { kind: m.messageType, name: m.file.name }) : null}
                    open={open === key} onToggle={() => toggle(key)} />
                );
              })}
            </section>
            <section aria-labelledby="rehearsal-trustees" className="flex flex-col gap-4">
              <h2 id="rehearsal-trustees" className="font-serif text-2xl font-semibold text-slate-900">
                {say('rehearsal.trustees')}
              </h2>
              {data.trustees.length === 0 && (
                <p className="text-slate-700">
                  <T id="rehearsal.noTrustees" components={{ 0: <Link to="/trustees" className="font-medium text-accent-800 underline" /> }} />
                </p>
              )}
              {data.trustees.some((t) => t.cannotOpen === 'no-kits') && (
                <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="rehearsal-no-kits">
                  <T id="rehearsal.noKits" components={{ 0: <Link to="/trustees" className="font-medium text-accent-800 underline" /> }} />
                </p>
              )}
              {data.trustees.map((t) => {
                const key = `t:${t.trusteeId}`;
                const view = records ? () => trusteeView(trusteePreviewData(records, t.accessLevel, data.ownerName, Date.now(), rehearsalRoutes(data.recipients, records.trustees, t.trusteeId)), 'preview') : null;
                return (
                  <PersonCard key={key} name={nameOf(t.to)} to={t.to} email={t.email} problem={t.problem} detail={say('rehearsal.access', { level: say(`rehearsal.level.${t.accessLevel}`) })}
                    page={view && (t.cannotOpen ? () => cannotOpenView(view(), data.ownerName, t.cannotOpen!, !t.noKitsMade) : view)}
                    pageNote={say('rehearsal.buttonsNote')} open={open === key} onToggle={() => toggle(key)} />
                );
              })}
            </section>
          </>
        )}
      </div>
    </>
  );
}

/**
 * A trustee's page that would open nothing sealed at a release now (`why`, from the server:
 * sync-server/release/trustees.ts trusteeAccessOf; `kitsMade` false when no kits were made at all):
 * what it would say (web/release/open.ts), then,
 * marked as such, what it shows once they can open it with a kit.
 */
function cannotOpenView(page: ViewOutput, ownerName: string, why: 'no-kits' | 'no-own-kit', kitsMade: boolean): ViewOutput {
  return {
    title: page.title,
    nodes: [
      h('p', { class: 'error', role: 'note' }, why === 'no-kits' ? NO_KITS_TEXT(ownerName, kitsMade) : NO_OWN_KIT_TEXT(ownerName)),
      h('p', { class: 'muted' }, t(why === 'no-kits' ? 'rehearsal.onceKits' : 'rehearsal.onceOwnKit')),
      ...page.nodes,
    ],
  };
}

/** This device's records for the pages (read as the export and the binder read them), or undefined while they load. */
function usePreviewRecords(): PreviewRecords | undefined {
  const db = useCurrentDb((s) => s.db);
  return useLiveView(db, collectRecords, []); // every record: holds still while a pull brings pages (issue 41)
}

interface PersonCardProps {
  /** The name this device holds for the address, if any. */
  name: string | null;
  to: string;
  email: RehearsalEmail | null;
  problem: string | null;
  detail: string;
  page: (() => ViewOutput) | null;
  pageNote: string | null;
  open: boolean;
  onToggle: () => void;
}

/** One person: their e-mail as it would be sent, and their page on demand. */
function PersonCard({ name, to, email, problem, detail, page, pageNote, open, onToggle }: PersonCardProps) {
  const { t: say } = useT();
  const [view, setView] = useState<(() => ViewOutput) | null>(null);
  const who = name ? say('rehearsal.who', { name, to }) : to;
  const show = () => {
    setView(() => page);
    onToggle();
  };
  return (
    <Card data-testid="rehearsal-person">
      <CardHeader className="gap-2">
        <CardTitle as="h3" className="[overflow-wrap:anywhere]">{name ?? to}</CardTitle>
        {name && <p className="text-sm text-slate-800 [overflow-wrap:anywhere]">{to}</p>}
        <p className="text-sm text-slate-700">{detail}</p>
        <div>
          <Badge color="yellow">{say('rehearsal.mark')}</Badge>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {problem && <p className="font-medium text-red-800">{problem}</p>}
        {email && (
          <figure className="rounded-lg border border-stone-200 bg-white" aria-label={say('rehearsal.emailTo', { who })}>
            <figcaption className="border-b border-stone-200 px-4 py-2 text-sm text-slate-700">
              <span className="font-semibold text-slate-900">{say('rehearsal.subject')}</span> {email.subject}
            </figcaption>
            <p className="whitespace-pre-wrap px-4 py-3 text-sm text-slate-900 [overflow-wrap:anywhere]" data-testid="rehearsal-email">
              {email.text}
            </p>
          </figure>
        )}
        {page && (
          <div>
            <Button variant="outline" aria-expanded={open} onClick={show}>
              {say(open ? 'rehearsal.hidePage' : 'rehearsal.seePage')}
            </Button>
          </div>
        )}
        {open && view && (
          <>
            <p className="text-sm font-medium text-slate-800">{say('rehearsal.markNote', { note: pageNote ?? '' })}</p>
            <PagePreview view={view} label={say('rehearsal.pageLabel', { who })} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * For a letter a trustee hands over: who does it, by the names this device holds (else their
 * addresses), and that its recipient gets no e-mail from Afterword.
 */
function handOverText(by: NonNullable<RehearsalRecipient['handedOver']>, trustees: ReleaseRehearsal['trustees'], nameOf: (to: string) => string | null): string {
  const who = by.map((h) => {
    const to = trustees.find((t) => t.trusteeId === h.trusteeId)?.to ?? '';
    return nameOf(to) ?? (to || t('rehearsal.aTrustee'));
  });
  const names = who.length > 1 ? t('rehearsal.handOverOr', { first: who[0], others: who.slice(1).join(', ') }) : (who[0] ?? t('rehearsal.aTrustee'));
  return t('rehearsal.handOver', { names });
}
