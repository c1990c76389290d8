/**
 * Sample preview cards of the features tabs (SPEC.md §2): a plan, messages (recipient, status
 * Scheduled/Draft, delivery 'Upon event'/'Not scheduled'), documents (title + updated date or note).
 * Their words are the 'landing' catalog's (`landing.sample.*`, issue 44).
 */
import { FileText, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { Progress } from '../../ui/Progress';

function PreviewCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useT();
  return (
    <Card className="overflow-hidden shadow-md">
      <div className="flex items-center justify-between border-b border-stone-200 bg-stone-50 px-5 py-3">
        <p className="font-semibold text-slate-900">{title}</p>
        <span className="text-xs font-medium tracking-wide text-slate-600 uppercase">{t('landing.sample.badge')}</span>
      </div>
      <div className="p-5">{children}</div>
    </Card>
  );
}

/** The sample plan's rows: `landing.sample.<row>` and its value `….<row>Value`. */
const PLAN_ROWS = ['service', 'resting', 'music', 'reading', 'budget'] as const;

export function DeathPlanPreview() {
  const { t } = useT();
  return (
    <PreviewCard title={t('landing.sample.planTitle')}>
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>{t('landing.preview.completion')}</span>
        <span className="font-medium text-slate-900">{t('landing.sample.count')}</span>
      </div>
      <Progress value={71} label={t('landing.sample.completion')} className="mt-2" />
      <dl className="mt-5 flex flex-col divide-y divide-stone-200">
        {PLAN_ROWS.map((row) => (
          <div key={row} className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4">
            <dt className="text-sm text-slate-600">{t(`landing.sample.${row}`)}</dt>
            <dd className="font-medium text-slate-900 sm:text-end">{t(`landing.sample.${row}Value`)}</dd>
          </div>
        ))}
      </dl>
    </PreviewCard>
  );
}

/** The sample messages, each part an id of `landing.sample.*`. */
const SAMPLE_MESSAGES = [
  { to: 'emma', kind: 'video', scheduled: true },
  { to: 'daniel', kind: 'letter', scheduled: true },
  { to: 'grandchildren', kind: 'audio', scheduled: false },
] as const;

export function MessagesPreview() {
  const { t } = useT();
  return (
    <PreviewCard title={t('landing.sample.messagesTitle')}>
      <ul className="flex flex-col gap-3">
        {SAMPLE_MESSAGES.map((m) => (
          <li key={m.to} className="flex items-start gap-3 rounded-lg border border-stone-200 p-3">
            <Mail className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">{t('landing.sample.to', { name: t(`landing.sample.${m.to}`) })}</p>
              <p className="text-sm text-slate-600">
                {t('landing.sample.line', { kind: t(`landing.sample.kind.${m.kind}`), delivery: t(m.scheduled ? 'landing.sample.uponEvent' : 'landing.sample.notScheduled') })}
              </p>
            </div>
            <Badge color={m.scheduled ? 'green' : 'gray'}>{t(m.scheduled ? 'landing.sample.scheduled' : 'landing.sample.draft')}</Badge>
          </li>
        ))}
      </ul>
    </PreviewCard>
  );
}

/** The sample documents: `landing.sample.<doc>` and its note `….<doc>Note`. */
const SAMPLE_DOCUMENTS = ['will', 'directive', 'insurance', 'property'] as const;

export function DocumentsPreview() {
  const { t } = useT();
  return (
    <PreviewCard title={t('landing.sample.documentsTitle')}>
      <ul className="flex flex-col gap-3">
        {SAMPLE_DOCUMENTS.map((d) => (
          <li key={d} className="flex items-start gap-3 rounded-lg border border-stone-200 p-3">
            <FileText className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{t(`landing.sample.${d}`)}</p>
              <p className="text-sm text-slate-600">{t(`landing.sample.${d}Note`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </PreviewCard>
  );
}
