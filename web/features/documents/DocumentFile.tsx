/**
 * The file part of a document card (issue #17): a preview for images and PDFs, the file's type
 * icon, name, type and size, and its upload state; and the footer buttons View Document (a PDF or
 * image opens in a new tab, other files download) and Download, with download progress when the
 * file is on another device.
 */
import { Download, ExternalLink } from 'lucide-react';
import type { FileRef } from '../../../shared/files/ref';
import { AttachmentStatus } from '../../ui/AttachmentStatus';
import { Button } from '../../ui/Button';
import { FileSummary } from '../../ui/FileSummary';
import { isInlineViewable } from '../../ui/file-kind';
import { FilePreview } from '../../ui/FilePreview';
import { FileProgress } from '../../ui/FileProgress';
import { useOpenFile } from '../../ui/use-open-file';
import { useT } from '../../i18n/i18n';
import { useDocumentsMessages } from './messages';

export function DocumentFileDetails({ file }: { file: FileRef }) {
  return (
    <div className="flex flex-col gap-2 px-5 pb-3">
      <FilePreview file={file} />
      <FileSummary file={file} />
      <AttachmentStatus file={file} />
    </div>
  );
}

export function DocumentFileActions({ file, documentName }: { file: FileRef; documentName: string }) {
  useDocumentsMessages();
  const { t } = useT();
  const opener = useOpenFile(file);
  if (opener.progress !== null) return <FileProgress progress={opener.progress} label={t('documents.downloading', { name: file.name })} className="min-w-0 flex-1 px-2" />;
  const inTab = isInlineViewable(file.mimeType);
  return (
    <div className="flex flex-wrap items-center">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void opener.view()}
        aria-label={t(inTab ? 'documents.viewInTab' : 'documents.viewDownloads', { name: documentName })}
      >
        <ExternalLink aria-hidden="true" />
        {t('documents.view')}
      </Button>
      <Button variant="ghost" size="icon" onClick={() => void opener.download()} aria-label={t('documents.download', { name: file.name })}>
        <Download aria-hidden="true" />
      </Button>
    </div>
  );
}
