/**
 * One legal document (SPEC.md §2 "Legal Documents"): an icon by type, the name, the type label,
 * where the original is kept (when the person said), 'Uploaded {en-US long date}' for a file ('Saved …'
 * for a link), 'View Document', Share now, Edit (DocumentFormDialog) and delete. A document holds a file (issue #17:
 * its preview, name, size, upload state, View Document and Download, DocumentFile.tsx) or a link.
 * The link is rendered only for http/https addresses, so a `javascript:` or `data:` URL that
 * reached the store some other way never becomes a link.
 */
import { useState } from 'react';
import { ExternalLink, FileText, HeartPulse, Home, Landmark, PiggyBank, ScrollText, Share2, ShieldCheck, Signature } from 'lucide-react';
import type { LegalDocument } from '../../../shared/schema';
import { httpUrlSchema } from '../../../shared/schema/common';
import { DOCUMENT_TYPE_LABELS, formatLongDate } from '../../../shared/labels';
import { Card } from '../../ui/Card';
import { CardActions } from '../../ui/CardGrid';
import { DocumentFileActions, DocumentFileDetails } from './DocumentFile';
import { Button, buttonClasses } from '../../ui/Button';
import { ShareDialog } from '../sharing';

export const DOCUMENT_ICONS = {
  will: ScrollText,
  insurance: ShieldCheck,
  financial: Landmark,
  'power-of-attorney': Signature,
  'advance-directive': HeartPulse,
  property: Home,
  pension: PiggyBank,
  other: FileText,
} as const;

export function DocumentCard({ document, onEdit, onDelete }: { document: LegalDocument; onEdit: () => void; onDelete: () => void }) {
  const Icon = DOCUMENT_ICONS[document.documentType];
  const safeUrl = httpUrlSchema.safeParse(document.documentUrl).success;
  const [sharing, setSharing] = useState(false);
  return (
    <Card className="flex h-full flex-col">
      <div className="flex items-start gap-3 p-5 pb-3">
        <span className="rounded-lg bg-stone-100 p-2.5 text-slate-700">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold break-words text-slate-900">{document.documentName}</h2>
          <p className="text-sm text-slate-600">{DOCUMENT_TYPE_LABELS[document.documentType]}</p>
        </div>
      </div>
      {document.file && <DocumentFileDetails file={document.file} />}
      {document.originalLocation && (
        <p className="px-5 pb-2 text-sm text-slate-800">
          <span className="font-medium">Original kept:</span> {document.originalLocation}
        </p>
      )}
      {/* SPEC.md §2's 'Uploaded' date is for a file; a link was saved, not uploaded (issue 38 item 8). */}
      <p className="flex-1 px-5 pb-4 text-sm text-slate-700">
        {document.file ? 'Uploaded' : 'Saved'} {formatLongDate(document.createdAt)}
      </p>
      {/* Wraps on a phone: with Share now, Edit and Delete, one row is wider than a 390 px card. */}
      <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 border-t border-stone-200 px-3 py-1.5">
        {document.file ? (
          <DocumentFileActions file={document.file} documentName={document.documentName} />
        ) : safeUrl ? (
          <a
            href={document.documentUrl ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('ghost', 'sm')}
            aria-label={`View Document: ${document.documentName} (opens in a new tab)`}
          >
            <ExternalLink aria-hidden="true" />
            View Document
          </a>
        ) : (
          <span className="px-3 text-sm text-slate-600">No valid link</span>
        )}
        <div className="ml-auto flex items-center gap-1">
          <Button variant="ghost" size="sm" onClick={() => setSharing(true)} aria-label={`Share now: ${document.documentName}`}>
            <Share2 aria-hidden="true" />
            Share now
          </Button>
          <CardActions itemName={`document ${document.documentName}`} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </div>
      {sharing && <ShareDialog item={{ kind: 'document', id: document.id }} title={document.documentName} open={sharing} onOpenChange={setSharing} />}
    </Card>
  );
}
