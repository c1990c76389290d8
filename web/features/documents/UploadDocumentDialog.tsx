/**
 * The 'Upload Document' dialog (SPEC.md §2, §5 "Upload document"): type and name are required,
 * and the document itself is a file (issue #17: picked, dropped, or photographed on a phone) or,
 * as before, a link; whichever is chosen is required too ('Missing information' toast otherwise).
 * Beyond SPEC (which leaves the URL unchecked), only http/https addresses are accepted, with the
 * error under the field, because the URL becomes a link. A file is kept on the device and queued
 * for upload (keep-file.ts) before the record is written; one the vault refuses (too large, quota,
 * type) gets the destructive 'Failed to upload document' toast with the reason, and nothing is
 * queued or written. A create useRecordForm (web/forms): only the fields set are written.
 * `onSave` runs the write with the screen's toasts; on success the form clears.
 */
import { useEffect, useState } from 'react';
import { DOCUMENT_TYPES, type DocumentType } from '../../../shared/schema/document';
import { httpUrlSchema } from '../../../shared/schema/common';
import { DOCUMENT_TYPE_LABELS, ORIGINAL_LOCATION_LABEL } from '../../../shared/labels';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { FileDropZone } from '../../ui/FileDropZone';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { keepFile, useFileCheck } from '../../ui/keep-file';
import { useRecordForm } from '../../forms/use-record-form';
import { REQUIRED_FIELD, validateForm } from '../../ui/record-actions';
import { Select } from '../../ui/Select';

interface DocumentFormValues {
  documentType: DocumentType | '';
  documentName: string;
  documentUrl: string;
  originalLocation: string;
}
const EMPTY: DocumentFormValues = { documentType: '', documentName: '', documentUrl: '', originalLocation: '' };
const toForm = (): DocumentFormValues => ({ ...EMPTY });
/** Record fields of the form: texts trimmed (an unset type is left out by createRecord). */
const toRecord = (v: Partial<DocumentFormValues>): Record<string, unknown> => ({
  documentType: v.documentType,
  documentName: v.documentName?.trim(),
  documentUrl: v.documentUrl?.trim(),
  originalLocation: v.originalLocation?.trim() || null,
});
const typeOptions = DOCUMENT_TYPES.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }));

type Source = 'file' | 'link';
const SOURCES = [
  { value: 'file', label: 'Upload a file' },
  { value: 'link', label: 'Link to it' },
] as const satisfies readonly { value: Source; label: string }[];

/** What the file picker suggests (the type is checked by content when the file is added). */
const ACCEPT = '.pdf,image/*,.txt,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.rtf,application/pdf,text/plain';

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
  const [source, setSource] = useState<Source>('file');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const fileCheck = useFileCheck('Failed to upload document');
  // SPEC.md §4: after an upload (or leaving) the form starts empty.
  useEffect(() => {
    if (!open) {
      fileCheck.forget();
      setFile(null);
      setFileError(undefined);
      setSource('file');
    }
  }, [open, fileCheck]);

  const chooseFile = (picked: File | null) => {
    // The document's name defaults to the file's, without its extension, unless one is typed. It is
    // set at once, in the pick's own event, never after the async check below: set later, it raced
    // with the typing that follows a pick and mangled the name ("PolicyPolicy from the laptop").
    const stem = picked?.name.replace(/\.[^.]+$/, '').slice(0, rf.maxLength('documentName') ?? 200);
    const autofilled = stem && !(rf.form.getValues('documentName') ?? '').trim() ? stem : null;
    if (autofilled) set('documentName', autofilled);
    // The pick is taken at once (a Save pressed before the check's answer keeps it); a refusal un-picks it.
    setFile(picked);
    setFileError(undefined);
    void fileCheck.check(picked, (reason) => {
      setFileError(reason);
      setFile(null);
      // A refused file leaves no name behind, unless the person has changed it since.
      if (autofilled && rf.form.getValues('documentName') === autofilled) set('documentName', '');
    });
  };

  const submit = async () => {
    // "example.com/will" means https://example.com/will: complete a link typed without its scheme
    // instead of refusing it (issue "Promises kept", finding 8).
    const typed = values.documentUrl.trim();
    const url = source === 'link' && typed && !/^[a-z][a-z0-9+.-]*:/i.test(typed) ? `https://${typed}` : values.documentUrl;
    if (url !== values.documentUrl) set('documentUrl', url);
    const withFile = { ...values, documentUrl: url, documentFile: file };
    const found = validateForm(
      withFile,
      ['documentType', 'documentName', source === 'file' ? 'documentFile' : 'documentUrl'],
      source === 'link' ? { documentUrl: httpUrlSchema } : {},
    );
    if (found) {
      const { documentFile, ...fields } = found;
      // A file refused when it was picked keeps its reason (too large…), not "This field is required".
      setFileError((shown) => (documentFile ? (shown && shown !== REQUIRED_FIELD ? shown : REQUIRED_FIELD) : undefined));
      return rf.setErrors(fields);
    }
    setPending(true);
    if (source === 'file' && file) {
      fileCheck.forget(); // addFile checks it again now; the pick's own answer no longer un-picks it
      const kept = await keepFile(file, { name: file.name }, 'Failed to upload document');
      if (!kept.ok) {
        setFileError(kept.reason);
        setFile(null);
      } else if (await onSave(() => rf.save(undefined, { file: kept.ref, documentUrl: null }))) setFile(null);
    } else {
      await onSave(() => rf.save(undefined, { file: null, documentUrl: url }));
    }
    setPending(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Upload Document"
      description="Add a document your beneficiaries will need, such as a scan of your will: upload the file, or save a link to where it is kept."
      submitLabel={source === 'link' ? 'Save Link' : 'Upload Document'}
      pendingLabel={source === 'link' ? 'Saving...' : 'Uploading...'}
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
      <ChoiceGroup legend="The document" options={SOURCES} value={source} onValueChange={setSource} />
      {source === 'file' ? (
        <FormField
          label="Document File"
          required
          error={fileError}
          hint="A PDF, a photo or scan, or an office document. It is encrypted on this device before it is uploaded."
        >
          <FileDropZone accept={ACCEPT} capture="environment" captureLabel="Scan with the camera" file={file} onFile={chooseFile} />
        </FormField>
      ) : (
        <FormField
          label="Document URL"
          required
          error={errorOf('documentUrl')}
          hint="A link to where the document is kept, such as example.com/my-will (https:// is added for you)"
        >
          <Input
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={rf.maxLength('documentUrl')}
            value={values.documentUrl}
            onChange={(e) => set('documentUrl', e.target.value)}
            autoComplete="off"
          />
        </FormField>
      )}
      <FormField label="Document Name" required error={errorOf('documentName')}>
        <Input maxLength={rf.maxLength('documentName')} value={values.documentName} onChange={(e) => set('documentName', e.target.value)} autoComplete="off" />
      </FormField>
      <FormField label={`${ORIGINAL_LOCATION_LABEL} (optional)`} hint="For example: with my solicitor, Hale & Co; or in the grey box under the stairs.">
        <Input maxLength={rf.maxLength('originalLocation')} value={values.originalLocation} onChange={(e) => set('originalLocation', e.target.value)} autoComplete="off" />
      </FormField>
    </FormDialog>
  );
}
