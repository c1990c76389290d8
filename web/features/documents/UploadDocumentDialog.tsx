/**
 * The 'Upload Document' dialog (SPEC.md §2, §5 "Upload document"): type, name and URL are
 * required ('Missing information' toast otherwise). Beyond SPEC (which leaves the URL
 * unchecked), only http/https addresses are accepted, with the error under the field, because
 * the URL becomes a link. A create useRecordForm (web/forms): only the fields set are written.
 * `onSave` runs the write with the screen's toasts; on success the form clears.
 */
import { useState } from 'react';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/schema/document';
import { httpUrlSchema } from '../../../shared/schema/common';
import { DOCUMENT_TYPE_LABELS } from '../../../shared/labels';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { useRecordForm } from '../../forms/use-record-form';
import { validateForm } from '../../ui/record-actions';
import { Select } from '../../ui/Select';

interface DocumentFormValues {
  documentType: DocumentType | '';
  documentName: string;
  documentUrl: string;
}
const EMPTY: DocumentFormValues = { documentType: '', documentName: '', documentUrl: '' };
const toForm = (): DocumentFormValues => ({ ...EMPTY });
/** Record fields of the form: texts trimmed (an unset type is left out by createRecord). */
const toRecord = (v: Partial<DocumentFormValues>): Record<string, unknown> => ({
  documentType: v.documentType,
  documentName: v.documentName?.trim(),
  documentUrl: v.documentUrl?.trim(),
});
const typeOptions = DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }));

export interface UploadDocumentDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs `write` (the local write) with toasts; resolves true when it succeeded. */
  onSave: (write: () => Promise<unknown>) => Promise<boolean>;
}

export function UploadDocumentDialog({ open, onOpenChange, onSave }: UploadDocumentDialogProps) {
  const rf = useRecordForm({ collection: 'documents', id: null, toForm, toRecord, active: open });
  const { values, set, errorOf } = rf;
  const [pending, setPending] = useState(false);

  const submit = async () => {
    const found = validateForm(values, ['documentType', 'documentName', 'documentUrl'], { documentUrl: httpUrlSchema });
    if (found) return rf.setErrors(found);
    setPending(true);
    await onSave(() => rf.save());
    setPending(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload Document"
      description="Save a link to a document your beneficiaries will need, such as a will kept in your cloud storage."
      submitLabel="Upload Document"
      pendingLabel="Uploading..."
      pending={pending}
      onSubmit={submit}
    >
      <FormField label="Document Type" required error={errorOf('documentType')}>
        <Select
          options={typeOptions}
          value={values.documentType}
          onValueChange={(v) => set('documentType', v as DocumentType)}
          placeholder="Select a document type"
        />
      </FormField>
      <FormField label="Document Name" required error={errorOf('documentName')}>
        <Input maxLength={rf.maxLength('documentName')} value={values.documentName} onChange={(e) => set('documentName', e.target.value)} autoComplete="off" />
      </FormField>
      <FormField
        label="Document URL"
        required
        error={errorOf('documentUrl')}
        hint="A link to where the document is kept, starting with https://"
      >
        <Input
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={rf.maxLength('documentUrl')} value={values.documentUrl}
          onChange={(e) => set('documentUrl', e.target.value)}
          autoComplete="off"
        />
      </FormField>
    </FormDialog>
  );
}
