/**
 * A small preview of an image or a PDF on its card (issue #17). Images show in an <img>, PDFs in
 * a frame of the browser's PDF viewer, both from an object URL of the decrypted file (web/files
 * useFileUrl); other types show nothing (HTML and SVG are never rendered: file-kind.ts). A file
 * added on another device is not fetched just because the page was opened: "Show preview"
 * downloads it (with progress) and keeps it on this device.
 */
import { useState } from 'react';
import { Eye } from 'lucide-react';
import type { FileRef } from '../../shared/files/ref';
import { useAttachment, useFileUrl } from '../files';
import { Button } from './Button';
import { isPdf, isPreviewImage } from './file-kind';
import { Progress } from './Progress';

const frameClasses = 'h-44 w-full rounded-md border border-stone-200 bg-stone-50';

function PreviewOf({ file }: { file: FileRef }) {
  const { url, progress, error } = useFileUrl(file);
  if (error) return <p className="text-sm text-red-700">Preview unavailable: {error}</p>;
  if (!url) return <Progress value={Math.round(progress * 100)} label={`Downloading ${file.name}`} />;
  if (isPreviewImage(file.mimeType)) return <img src={url} loading="lazy" alt={`Preview of ${file.name}`} className={`${frameClasses} object-contain`} />;
  return <iframe loading="lazy" src={`${url}#toolbar=0&view=FitH`} title={`Preview of ${file.name}`} className={frameClasses} />;
}

/** See the module comment. Renders nothing for a file that is neither an image nor a PDF. */
export function FilePreview({ file }: { file: FileRef }) {
  const attachment = useAttachment(file);
  const [asked, setAsked] = useState(false);
  if (!isPreviewImage(file.mimeType) && !isPdf(file.mimeType)) return null;
  if (attachment.state === 'remote' && !asked)
    return (
      <Button variant="outline" size="sm" className="self-start" onClick={() => setAsked(true)} aria-label={`Show preview of ${file.name}`}>
        <Eye aria-hidden="true" />
        Show preview
      </Button>
    );
  return <PreviewOf file={file} />;
}
