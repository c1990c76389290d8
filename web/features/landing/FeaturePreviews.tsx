/**
 * Sample preview cards of the features tabs (SPEC.md §2): a plan, messages (recipient, status
 * Scheduled/Draft, delivery 'Upon event'/'Not scheduled'), documents (title + updated date or note).
 */
import { FileText, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { Progress } from '../../ui/Progress';

function PreviewCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="overflow-hidden shadow-md">
      <div className="flex items-center justify-between border-b border-stone-200 bg-stone-50 px-5 py-3">
        <p className="font-semibold text-slate-900">{title}</p>
        <span className="text-xs font-medium tracking-wide text-slate-600 uppercase">Sample</span>
      </div>
      <div className="p-5">{children}</div>
    </Card>
  );
}

const PLAN_ROWS = [
  ['Service', 'Celebration of Life'],
  ['Resting place', 'Green burial, under the oak at Hillside'],
  ['Music', '“Clair de Lune”, “Here Comes the Sun”'],
  ['Reading', '“Do not stand at my grave and weep”'],
  ['Budget', 'Moderate'],
];

export function DeathPlanPreview() {
  return (
    <PreviewCard title="My After-Death Plan">
      <div className="flex items-center justify-between text-sm text-slate-600">
        <span>Plan completion</span>
        <span className="font-medium text-slate-900">5 of 7</span>
      </div>
      <Progress value={71} label="Sample plan completion" className="mt-2" />
      <dl className="mt-5 flex flex-col divide-y divide-stone-200">
        {PLAN_ROWS.map(([k, v]) => (
          <div key={k} className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:justify-between sm:gap-4">
            <dt className="text-sm text-slate-600">{k}</dt>
            <dd className="font-medium text-slate-900 sm:text-right">{v}</dd>
          </div>
        ))}
      </dl>
    </PreviewCard>
  );
}

const SAMPLE_MESSAGES = [
  { to: 'Emma (daughter)', kind: 'Video', status: 'Scheduled', delivery: 'Upon event' },
  { to: 'Daniel (son)', kind: 'Letter', status: 'Scheduled', delivery: 'Upon event' },
  { to: 'My grandchildren', kind: 'Audio', status: 'Draft', delivery: 'Not scheduled' },
] as const;

export function MessagesPreview() {
  return (
    <PreviewCard title="Message Vault">
      <ul className="flex flex-col gap-3">
        {SAMPLE_MESSAGES.map((m) => (
          <li key={m.to} className="flex items-start gap-3 rounded-lg border border-stone-200 p-3">
            <Mail className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-900">To {m.to}</p>
              <p className="text-sm text-slate-600">
                {m.kind} · Delivery: {m.delivery}
              </p>
            </div>
            <Badge color={m.status === 'Scheduled' ? 'green' : 'gray'}>{m.status}</Badge>
          </li>
        ))}
      </ul>
    </PreviewCard>
  );
}

const SAMPLE_DOCUMENTS = [
  { title: 'Last Will & Testament', note: 'Updated March 12, 2025' },
  { title: 'Healthcare Directive', note: 'Updated January 8, 2025' },
  { title: 'Life Insurance Policy', note: 'Updated October 2, 2024' },
  { title: 'Property Papers: Maple Street house', note: 'Original held by my attorney' },
];

export function DocumentsPreview() {
  return (
    <PreviewCard title="Legal Documents">
      <ul className="flex flex-col gap-3">
        {SAMPLE_DOCUMENTS.map((d) => (
          <li key={d.title} className="flex items-start gap-3 rounded-lg border border-stone-200 p-3">
            <FileText className="mt-0.5 size-5 shrink-0 text-slate-600" aria-hidden="true" />
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{d.title}</p>
              <p className="text-sm text-slate-600">{d.note}</p>
            </div>
          </li>
        ))}
      </ul>
    </PreviewCard>
  );
}
