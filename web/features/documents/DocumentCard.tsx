/**
 * One legal document (SPEC.md §2 "Legal Documents"): an icon by type, the name, the type label,
 * where the original is kept (when the person said), 'Uploaded {long date}' (en-US in English) for a file ('Saved …'
 * for a link), 'View Document', Share now, Edit (DocumentFormDialog) and delete. A document holds a file (issue #17:
 * its preview, name, size, upload state, View Document and Download, DocumentFile.tsx) or a link.
 * The link is rendered only for http/https addresses, so a `javascript:` or `data:` URL that
 * reached the store some other way never becomes a link.
 */
import { useState } from 'react';
import { ExternalLink, FileText, HeartPulse, Home, Landmark, PiggyBank, ScrollText, Share2, ShieldCheck, Signature } from 'lucide-react';
import type { LegalDocument } from '../../../shared/schema';
import { httpUrlSchema } from '../../../shared/schema/common';
import { formatDate } from '../../../shared/intl-format';
import { useT } from '../../i18n/i18n';
import { T } from '../../i18n/T';
import { Card } from '../../ui/Card';
import { CardActions } from '../../ui/CardGrid';
import { DocumentFileActions, DocumentFileDetails } from './DocumentFile';
import { Button, buttonClasses } from '../../ui/Button';
import { ShareDialog } from '../sharing';
import { documentTypeId, useDocumentsMessages } from './messages';

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
  useDocumentsMessages();
  const { t, language } = useT();
  const name = document.documentName;
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
          <p className="text-sm text-slate-600">{t(documentTypeId(document.documentType))}</p>
        </div>
      </div>
      {document.file && <DocumentFileDetails file={document.file} />}
      {document.originalLocation && (
        <p className="px-5 pb-2 text-sm text-slate-800">
          <T id="documents.originalKept" values={{ place: document.originalLocation }} components={{ 0: <span className="font-medium" /> }} />
        </p>
      )}
      {/* SPEC.md §2's 'Uploaded' date is for a file; a link was saved, not uploaded (issue 38 item 8). */}
      <p className="flex-1 px-5 pb-4 text-sm text-slate-700">
        {t(document.file ? 'documents.uploadedOn' : 'documents.savedOn', { date: formatDate(document.createdAt, language) })}
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
            aria-label={t('documents.viewInTab', { name })}
          >
            <ExternalLink aria-hidden="true" />
            {t('documents.view')}
          </a>
        ) : (
          <span className="px-3 text-sm text-slate-600">{t('documents.noValidLink')}</span>
        )}
        <div className="ms-auto flex items-center gap-1">
          <Button variant="ghost" size="sm" onClick={() => setSharing(true)} aria-label={t('documents.shareLabel', { name })}>
            <Share2 aria-hidden="true" />
            {t('documents.share')}
          </Button>
          <CardActions
            itemName={name}
            labels={{ edit: t('documents.editLabel', { name }), delete: t('documents.deleteLabel', { name }) }}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        </div>
      </div>
      {sharing && <ShareDialog item={{ kind: 'document', id: document.id }} title={document.documentName} open={sharing} onOpenChange={setSharing} />}
    </Card>
  );
}
