/**
 * Legal Documents (SPEC.md §2 "Legal Documents", §4 "Documents filter", §5, §8): the person's
 * will, insurance and financial papers, as files (issue #17: encrypted on the device, uploaded by
 * the attachment queue) or links, kept in the local store (upload and delete work offline and
 * sync later). Each card's Edit opens the edit dialog (DocumentFormDialog). `openCreate`: the
 * route is /documents/upload, so the upload dialog opens at once.
 */
import { useState } from 'react';
import { FolderOpen, Info, Upload } from 'lucide-react';
import { SPEC_DOCUMENT_TYPES, type DocumentType } from '../../../shared/schema/document';
import type { LegalDocument } from '../../../shared/schema';
import { remove, useCollection } from '../../db';
import { Button } from '../../ui/Button';
import { TabbedCardGrid } from '../../ui/CardGrid';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { confirmThenRun, runAndClose } from '../../ui/record-actions';
import { useCreateDialog } from '../../ui/record-form';
import { DocumentCard } from './DocumentCard';
import { DocumentFormDialog } from './DocumentFormDialog';
import { RestoreDeletedNotice } from '../../ui/RestoreDeletedNotice';
import { type MessageId, useT } from '../../i18n/i18n';
import { documentTypeId, useDocumentsMessages } from './messages';

export interface DocumentsPageProps {
  openCreate?: boolean;
}

/**
 * SPEC.md §4's tabs (All Documents and its three types), and "Other" for every type beyond them
 * (power of attorney, advance directive, property, pension, other: issue "Promises kept", finding 8).
 */
type DocumentFilter = 'all' | (typeof SPEC_DOCUMENT_TYPES)[number] | 'other';
const FILTERS: readonly DocumentFilter[] = ['all', ...SPEC_DOCUMENT_TYPES, 'other'];
const filterLabelId = (f: DocumentFilter): MessageId => (f === 'all' ? 'documents.filter.all' : documentTypeId(f));
const isSpecType = (t: DocumentType) => (SPEC_DOCUMENT_TYPES as readonly DocumentType[]).includes(t);
const inFilter = (d: LegalDocument, f: DocumentFilter) => f === 'all' || (f === 'other' ? !isSpecType(d.documentType) : d.documentType === f);

export default function DocumentsPage({ openCreate = false }: DocumentsPageProps) {
  useDocumentsMessages();
  const { t } = useT();
  const filterLabel = (f: DocumentFilter) => t(filterLabelId(f));
  const documents = useCollection('documents');
  const [filter, setFilter] = useState<DocumentFilter>('all');
  const [uploadOpen, setUploadOpen] = useCreateDialog(openCreate, '/documents');
  const [editing, setEditing] = useState<LegalDocument | null>(null);

  const deleteDocument = (d: LegalDocument) =>
    confirmThenRun(
      {
        title: t('documents.deleteTitle'),
        description: t('documents.deleteConfirm'),
        confirmLabel: t('documents.deleteButton'),
      },
      () => remove('documents', d.id),
      { success: { title: t('documents.deleted') }, failure: t('documents.deleteFailed') },
    );

  const uploadButton = (label: MessageId) => (
    <Button variant="accent" onClick={() => setUploadOpen(true)}>
      <Upload aria-hidden="true" />
      {t(label)}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('documents.title')}
        subtitle={t('documents.subtitle')}
        actions={uploadButton('documents.uploadButton')}
      />
      <RestoreDeletedNotice collection="documents" />
      <TabbedCardGrid
        items={documents}
        filters={FILTERS}
        filterLabel={filterLabel}
        value={filter}
        onValueChange={setFilter}
        tabsLabel={t('documents.tabsLabel')}
        select={(all, f) => all.filter((d) => inFilter(d, f))}
        listLabel={(f) => (f === 'all' ? t('documents.list') : t('documents.listOfType', { type: filterLabel(f) }))}
        getKey={(d) => d.id}
        empty={(f) => (
          <EmptyState
            icon={<FolderOpen />}
            title={t('documents.emptyTitle')}
            description={documents?.length ? t('documents.emptyOfType', { type: filterLabel(f) }) : t('documents.emptyDescription')}
            action={documents?.length ? undefined : uploadButton('documents.uploadFirst')}
          />
        )}
      >
        {(d) => <DocumentCard document={d} onEdit={() => setEditing(d)} onDelete={() => void deleteDocument(d)} />}
      </TabbedCardGrid>

      <section aria-labelledby="documents-note" className="mt-8 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
        <Info className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
        <div>
          <h2 id="documents-note" className="font-semibold">
            {t('documents.noteTitle')}
          </h2>
          <p className="mt-1 text-sm leading-relaxed">{t('documents.noteBody')}</p>
        </div>
      </section>

      <DocumentFormDialog
        mode="create"
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        onSave={(write) =>
          runAndClose(
            write,
            { success: { title: t('documents.uploaded'), description: t('documents.uploadedDescription') }, failure: t('documents.uploadFailed') },
            () => setUploadOpen(false),
          )
        }
      />
      {editing && (
        <DocumentFormDialog
          key={editing.id}
          mode="edit"
          open
          onOpenChange={(open) => !open && setEditing(null)}
          document={editing}
          onSave={(write) =>
            runAndClose(
              write,
              { success: { title: t('documents.updated'), description: t('documents.updatedDescription') }, failure: t('documents.updateFailed') },
              () => setEditing(null),
            )
          }
        />
      )}
    </>
  );
}
