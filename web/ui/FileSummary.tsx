/**
 * One line naming an attached file: its type's icon, its name, type and size ("Will.pdf · PDF ·
 * 1.2 MB", the size in the person's language: shared/intl-format.ts). Used by a document's card (web/features/documents) and a shared document's file on
 * the viewer's page (web/features/sharing).
 */
import { formatFileSize } from '../../shared/intl-format';
import { useT } from '../i18n/i18n';
import { fileTypeIcon, fileTypeLabel } from './file-kind';

export function FileSummary({ file, nameClassName = 'text-slate-800' }: { file: { name: string; mimeType: string; size: number }; nameClassName?: string }) {
  const TypeIcon = fileTypeIcon(file.mimeType);
  const { language } = useT();
  return (
    <p className="flex items-start gap-1.5 text-sm text-slate-700">
      <TypeIcon className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span className="min-w-0 break-all">
        <span className={`font-medium ${nameClassName}`}>{file.name}</span>
        <span className="text-slate-600">
          {' '}
          · {fileTypeLabel(file.mimeType)} · {formatFileSize(file.size, language)}
        </span>
      </span>
    </p>
  );
}
