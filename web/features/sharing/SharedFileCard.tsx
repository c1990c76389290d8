/**
 * The file of a shared document on the viewer's page (docs/sharing.md "The file of a shared
 * document"): its name, type and size, and View (a PDF or an image opens in a new tab, anything
 * else is saved) and Download. The file is fetched sealed and opened in this browser
 * (shared-file.ts); while it is fetched a progress bar shows; what did not open is said in words and
 * nothing of it is handed on.
 */
import { useState } from 'react';
import { Download, ExternalLink } from 'lucide-react';
import type { SharedFile } from '../../../shared/share-copy-view';
import { Button } from '../../ui/Button';
import { isInlineViewable } from '../../ui/file-kind';
import { FileProgress } from '../../ui/FileProgress';
import { FileSummary } from '../../ui/FileSummary';
import { useFileOpener } from '../../ui/use-file-opener';
import { openSharedFile, SharedFileError } from './shared-file';

/** The file `file` of share `shareId`, as the viewer's page shows it. */
export function SharedFileCard({ shareId, file }: { shareId: string; file: SharedFile }) {
  const [error, setError] = useState<string | null>(null);
  // The vault's one opener (use-file-opener.ts): fetched by the link's token, decrypted chunk by chunk here (shared-file.ts).
  const opener = useFileOpener(
    file,
    (onProgress) => {
      setError(null);
      return openSharedFile((url, init) => fetch(url, { ...init, credentials: 'omit', cache: 'no-store' }), shareId, file, (done, total) => onProgress(done / total));
    },
    (err) => setError(err instanceof SharedFileError ? err.message : 'This file could not be opened. Please try again later.'),
  );
  const inTab = isInlineViewable(file.mimeType);
  return (
    <section aria-label="Attached file" className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <FileSummary file={file} nameClassName="text-slate-900" />
      {opener.progress !== null ? (
        <FileProgress progress={opener.progress} label={`Opening ${file.name}`} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void opener.view()} aria-label={`View ${file.name}${inTab ? ' (opens in a new tab)' : ' (downloads the file)'}`}>
            <ExternalLink aria-hidden="true" />
            View
          </Button>
          <Button variant="outline" size="sm" onClick={() => void opener.download()} aria-label={`Download ${file.name}`}>
            <Download aria-hidden="true" />
            Download
          </Button>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <p className="text-sm text-slate-600">The file opens in your browser with the key in your link. Afterword never sees it.</p>
    </section>
  );
}
