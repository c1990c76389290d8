/**
 * Where a file's upload stands, on its card (issue #17): "Waiting to upload — offline", a
 * progress bar named for the file, "Upload failed — Retry" with the reason, or nothing once it is
 * stored (or when the file came from another device). Reads the attachment queue (web/files
 * useAttachment) live, so it follows the upload without a reload.
 */
import { CloudOff, RotateCcw } from 'lucide-react';
import type { FileRef } from '../../shared/files/ref';
import { retryUpload, useAttachment } from '../files';
import { Button } from './Button';
import { Progress } from './Progress';

export function AttachmentStatus({ file }: { file: FileRef }) {
  const a = useAttachment(file);
  if (a.state === 'queued')
    return (
      <p className="flex items-center gap-1.5 text-sm text-slate-700">
        <CloudOff className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        {a.offline ? 'Waiting to upload — offline' : 'Waiting to upload'}
      </p>
    );
  if (a.state === 'uploading') {
    const percent = Math.round(a.progress * 100);
    return (
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <Progress value={percent} label={`Uploading ${file.name}`} className="flex-1" />
        <span className="w-10 shrink-0 text-right tabular-nums">{percent}%</span>
      </div>
    );
  }
  if (a.state === 'failed')
    return (
      <div className="text-sm">
        <p className="flex flex-wrap items-center gap-x-1 font-medium text-red-700">
          Upload failed —
          <Button variant="ghost" size="sm" onClick={() => void retryUpload(file.blobId)} aria-label={`Retry upload of ${file.name}`}>
            <RotateCcw aria-hidden="true" />
            Retry
          </Button>
        </p>
        {a.reason && <p className="text-slate-700">{a.reason}</p>}
      </div>
    );
  return null;
}
