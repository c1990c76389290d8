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
import { DOCUMENT_TYPE_LABELS } from '../../../shared/labels';
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

export interface DocumentsPageProps {
  openCreate?: boolean;
}

/**
 * SPEC.md §4's tabs (All Documents and its three types), and "Other" for every type beyond them
 * (power of attorney, advance directive, property, pension, other: issue "Promises kept", finding 8).
 */
type DocumentFilter = 'all' | (typeof SPEC_DOCUMENT_TYPES)[number] | 'other';
const FILTERS: readonly DocumentFilter[] = ['all', ...SPEC_DOCUMENT_TYPES, 'other'];
const filterLabel = (f: DocumentFilter) => (f === 'all' ? 'All Documents' : DOCUMENT_TYPE_LABELS[f]);
const isSpecType = (t: DocumentType) => (SPEC_DOCUMENT_TYPES as readonly DocumentType[]).includes(t);
const inFilter = (d: LegalDocument, f: DocumentFilter) => f === 'all' || (f === 'other' ? !isSpecType(d.documentType) : d.documentType === f);

export default function DocumentsPage({ openCreate = false }: DocumentsPageProps) {
  const documents = useCollection('documents');
  const [filter, setFilter] = useState<DocumentFilter>('all');
  const [uploadOpen, setUploadOpen] = useCreateDialog(openCreate, '/documents');
  const [editing, setEditing] = useState<LegalDocument | null>(null);

  const deleteDocument = (d: LegalDocument) =>
    confirmThenRun(
      {
        title: 'Delete document',
        description: 'Are you sure you want to delete this document? This action cannot be undone.',
        confirmLabel: 'Delete',
      },
      () => remove('documents', d.id),
      { success: { title: 'Document deleted' }, failure: 'Failed to delete document' },
    );

  const uploadButton = (label: string) => (
    <Button variant="accent" onClick={() => setUploadOpen(true)}>
      <Upload aria-hidden="true" />
      {label}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Legal Documents"
        subtitle="Store your important documents securely, so your beneficiaries can find them when they need them."
        actions={uploadButton('Upload Document')}
      />
      <RestoreDeletedNotice collection="documents" />
      <TabbedCardGrid
        items={documents}
        filters={FILTERS}
        filterLabel={filterLabel}
        value={filter}
        onValueChange={setFilter}
        tabsLabel="Filter documents by type"
        select={(all, f) => all.filter((d) => inFilter(d, f))}
        listLabel={(f) => (f === 'all' ? 'Documents' : `${filterLabel(f)} documents`)}
        getKey={(d) => d.id}
        empty={(f) => (
          <EmptyState
            icon={<FolderOpen />}
            title="No documents found"
            description={
              documents?.length
                ? `You have no ${filterLabel(f)} documents yet.`
                : 'Keep your will, insurance policies and financial papers, or links to them, in one place.'
            }
            action={documents?.length ? undefined : uploadButton('Upload Your First Document')}
          />
        )}
      >
        {(d) => <DocumentCard document={d} onEdit={() => setEditing(d)} onDelete={() => void deleteDocument(d)} />}
      </TabbedCardGrid>

      <section aria-labelledby="documents-note" className="mt-8 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
        <Info className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
        <div>
          <h2 id="documents-note" className="font-semibold">
            Important Note
          </h2>
          <p className="mt-1 text-sm leading-relaxed">
            Files you upload are encrypted on this device, each with its own key, before they leave it; our server keeps
            only the encrypted bytes. Each file&apos;s key is sealed with your plan, so only your devices can open it. When
            your plan is released, your trustees open the files their access allows in their own browsers, with their
            trustee kits; until your kits are in use, no one can open them after your death, not even us (see Your
            privacy). Links are saved as they are and travel only over encrypted connections. Make
            sure your trustees know about your Afterword account and can reach the places your links point to.
          </p>
        </div>
      </section>

      <DocumentFormDialog
        mode="create"
        open={uploadOpen}
        onOpenChange={setUploadOpen}
        onSave={(write) =>
          runAndClose(
            write,
            { success: { title: 'Document uploaded', description: 'Your document has been saved securely.' }, failure: 'Failed to upload document' },
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
              { success: { title: 'Document updated', description: 'Your document has been updated.' }, failure: 'Failed to update document' },
              () => setEditing(null),
            )
          }
        />
      )}
    </>
  );
}
