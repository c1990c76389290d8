/**
 * The 'Upload Document' and 'Edit Document' dialogs (SPEC.md §2, §5 "Upload document"; the edit is
 * ours: SPEC.md has none). Type and name are required, and the document itself is a file (issue
 * #17: picked, dropped, or photographed on a phone) or, as before, a link; whichever is chosen is
 * required too ('Missing information' toast otherwise). Beyond SPEC (which leaves the URL
 * unchecked), only http/https addresses are accepted, with the error under the field, because the
 * URL becomes a link. A file is kept on the device and queued for upload (keep-file.ts) before the
 * record is written; one the vault refuses (too large, quota, type) gets the destructive failure
 * toast with the reason, and nothing is queued or written.
 *
 * A useRecordForm (web/forms, document-form.ts): upload writes only the fields set; edit follows
 * the stored document live (another device's change is shown, ChangedElsewhere) and writes only
 * the fields changed. An edit keeps the document's kind: a link document edits its link; a file
 * document keeps its file unless a new one is chosen, which is kept and queued like an upload and
 * replaces it (the old file leaves the device once no record holds it, web/files/store.ts). A
 * shared document's viewers see the edit: ShareRefresher seals the changed copy again.
 * `onSave` runs the write with the screen's toasts and resolves true when it succeeded; on
 * success the upload form clears. Give the edit dialog a `key` per document.
 */
import { useEffect, useState } from 'react';
import type { LegalDocument } from '../../../shared/schema';
import { DOCUMENT_TYPES } from '../../../shared/schema/document';
import { httpUrlSchema } from '../../../shared/schema/common';
import { ChangedElsewhere } from '../../forms/ChangedElsewhere';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { FileDropZone } from '../../ui/FileDropZone';
import { FormDialog } from '../../ui/FormDialog';
import { FormField } from '../../ui/FormField';
import { Input } from '../../ui/Input';
import { keepFile, useFileCheck } from '../../ui/keep-file';
import { useRecordForm } from '../../forms/use-record-form';
import { requiredField, validateForm } from '../../ui/record-actions';
import { RecordSelectField } from '../../ui/RecordSelectField';
import { completeUrl, documentToForm, formToDocument } from './document-form';
import { useT } from '../../i18n/i18n';
import { documentTypeId, useDocumentsMessages } from './messages';

type Source = 'file' | 'link';

/** What the file picker suggests (the type is checked by content when the file is added). */
const ACCEPT = '.pdf,image/*,.txt,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.odt,.ods,.rtf,application/pdf,text/plain';

/** Each mode's words (message ids of the 'documents' catalog). */
const WORDS = {
  create: { title: 'documents.createTitle', description: 'documents.createDescription', failure: 'documents.uploadFailed' },
  edit: { title: 'documents.editTitle', description: 'documents.editDescription', failure: 'documents.updateFailed' },
} as const;

export interface DocumentFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: 'create' | 'edit';
  /** The document edited (edit mode); absent for create. */
  document?: LegalDocument;
  /** Runs `write` (the local write) with toasts; resolves true when it succeeded. */
  onSave: (write: () => Promise<unknown>) => Promise<boolean>;
}

export function DocumentFormDialog({ open, onOpenChange, mode, document, onSave }: DocumentFormDialogProps) {
  useDocumentsMessages();
  const { t } = useT();
  const editing = mode === 'edit' ? (document ?? null) : null;
  const rf = useRecordForm({
    collection: 'documents',
    id: editing?.id ?? null,
    initial: editing,
    toForm: documentToForm,
    toRecord: formToDocument,
    active: open,
  });
  const { values, set, errorOf } = rf;
  const words = { title: t(WORDS[mode].title), description: t(WORDS[mode].description), failure: t(WORDS[mode].failure) };
  const typeOptions = DOCUMENT_TYPES.map((type) => ({ value: type, label: t(documentTypeId(type)) }));
  const sources = [
    { value: 'file', label: t('documents.source.file') },
    { value: 'link', label: t('documents.source.link') },
  ] as const satisfies readonly { value: Source; label: string }[];
  const [pending, setPending] = useState(false);
  // An edit keeps the document's kind; an upload starts with a file.
  const [source, setSource] = useState<Source>(editing && !editing.file ? 'link' : 'file');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const fileCheck = useFileCheck(words.failure);
  // SPEC.md §4: after an upload (or leaving) the form starts empty.
  useEffect(() => {
    if (!open) {
      fileCheck.forget();
      setFile(null);
      setFileError(undefined);
      if (!editing) setSource('file');
    }
  }, [open, editing, fileCheck]);
  // Another device's change to a field being edited (a new document has none).
  const notice = (field: keyof typeof values) => <ChangedElsewhere record={rf} field={field} />;

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
    const url = source === 'link' ? completeUrl(values.documentUrl) : values.documentUrl;
    if (url !== values.documentUrl) set('documentUrl', url);
    // An edited file document keeps its file: a new one is needed only for an upload.
    const required: ('documentType' | 'documentName' | 'documentUrl' | 'documentFile')[] = ['documentType', 'documentName'];
    if (source === 'link') required.push('documentUrl');
    else if (!editing) required.push('documentFile');
    const found = validateForm({ ...values, documentUrl: url, documentFile: file }, required, source === 'link' ? { documentUrl: httpUrlSchema } : {});
    if (found) {
      const { documentFile, ...fields } = found;
      // A file refused when it was picked keeps its reason (too large…), not "This field is required".
      setFileError((shown) => (documentFile ? (shown && shown !== requiredField() ? shown : requiredField()) : undefined));
      return rf.setErrors(fields);
    }
    setPending(true);
    if (source === 'file' && file) {
      fileCheck.forget(); // addFile checks it again now; the pick's own answer no longer un-picks it
      const kept = await keepFile(file, { name: file.name }, words.failure);
      if (!kept.ok) {
        setFileError(kept.reason);
        setFile(null);
      } else if (await onSave(() => rf.save(undefined, { file: kept.ref, ...(editing ? {} : { documentUrl: null }) }))) setFile(null);
    } else if (editing) {
      await onSave(() => rf.save());
    } else {
      await onSave(() => rf.save(undefined, { file: null, documentUrl: url }));
    }
    setPending(false);
  };

  const submitLabel = t(editing ? 'documents.submitUpdate' : source === 'link' ? 'documents.submitLink' : 'documents.submitUpload');
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={words.title}
      description={words.description}
      submitLabel={submitLabel}
      pendingLabel={t(editing || source === 'link' ? 'documents.saving' : 'documents.uploading')}
      pending={pending}
      onSubmit={submit}
    >
      <RecordSelectField record={rf} field="documentType" label={t('documents.typeLabel')} options={typeOptions} placeholder={t('documents.typePlaceholder')} />
      {!editing && (
        <ChoiceGroup
          legend={t('documents.source')}
          options={sources}
          value={source}
          onValueChange={(next) => {
            fileCheck.forget(); // a late answer about the file must not refuse a link being saved
            setSource(next);
          }}
        />
      )}
      {source === 'file' ? (
        <FormField
          label={t(editing ? 'documents.replaceLabel' : 'documents.fileLabel')}
          required={!editing}
          error={fileError}
          hint={
            editing?.file
              ? t('documents.replaceHint', { name: editing.file.name })
              : t('documents.fileHint')
          }
        >
          <FileDropZone accept={ACCEPT} capture="environment" captureLabel={t('documents.scan')} file={file} onFile={chooseFile} />
        </FormField>
      ) : (
        <FormField
          label={t('documents.urlLabel')}
          required
          error={errorOf('documentUrl')}
          notice={notice('documentUrl')}
          hint={t('documents.urlHint')}
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
      <FormField label={t('documents.nameLabel')} required error={errorOf('documentName')} notice={notice('documentName')}>
        <Input maxLength={rf.maxLength('documentName')} value={values.documentName} onChange={(e) => set('documentName', e.target.value)} autoComplete="off" />
      </FormField>
      <FormField
        label={t('documents.originalLabel')}
        notice={notice('originalLocation')}
        hint={t('documents.originalHint')}
      >
        <Input maxLength={rf.maxLength('originalLocation')} value={values.originalLocation} onChange={(e) => set('originalLocation', e.target.value)} autoComplete="off" />
      </FormField>
    </FormDialog>
  );
}
