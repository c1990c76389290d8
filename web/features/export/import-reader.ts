/**
 * Where an export ZIP is checked and inflated for "Import data" (issue 40, low finding "import":
 * a hostile ZIP's inflating and hashing ran on the page's main thread, freezing the app). The
 * checks are shared/export/read.ts `readExport`, always; this module only says where they run:
 * - `inThreadReader`: here (Node tests; a browser without module workers);
 * - `portReader(port)`: in whatever answers on `port` with `serveImportChecks` (import.worker.ts
 *   in the browser, a MessageChannel in tests). The ZIP is transferred, not copied, and each file's
 *   bytes come back transferred, one at a time, so the page holds at most one file besides the ZIP.
 */
import { ExportReadError, readExport, type CheckedExport, type ExportManifestData, type ReadExportOptions } from '../../../shared/export/read';
import type { ExportFileEntry } from '../../../shared/export/format';

/** A checked export, read asynchronously: the manifest, and each file's bytes (already checked against its record). */
export interface CheckedExportAsync {
  manifest: ExportManifestData;
  readFile(entry: ExportFileEntry): Promise<Uint8Array>;
  /** Ends the reader (the worker is terminated). */
  close(): void;
}

/** Checks a ZIP whole (readExport's rules); rejects with ExportReadError naming the first problem. */
export type ExportReader = (zip: Uint8Array, opts: ReadExportOptions) => Promise<CheckedExportAsync>;

/** readExport on this thread. */
export const inThreadReader: ExportReader = async (zip, opts) => {
  const checked = readExport(zip, opts);
  return { manifest: checked.manifest, readFile: async (entry) => checked.readFile(entry), close: () => {} };
};

/** What the page asks, and what it is answered (structured clone). */
type Request = { id: number; zip: Uint8Array; opts: ReadExportOptions } | { id: number; file: ExportFileEntry };
type Answer = { id: number; manifest?: ExportManifestData; bytes?: Uint8Array; error?: { name: string; message: string } };

/** A MessagePort-like end: a Worker, a worker's `self`, or a MessagePort. */
interface Port {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent) => void) | null;
}

/**
 * Answers a page's requests on `port` with readExport: the first request brings the ZIP (checked
 * whole, answered with the manifest or the refusal), each later one names a file of it (answered
 * with its bytes, transferred). Used by import.worker.ts; returns nothing, never throws.
 */
export function serveImportChecks(port: Port): void {
  let checked: CheckedExport | null = null;
  port.onmessage = (event: MessageEvent<Request>) => {
    const req = event.data;
    try {
      if ('zip' in req) {
        checked = readExport(req.zip, req.opts);
        port.postMessage({ id: req.id, manifest: checked.manifest } satisfies Answer);
      } else {
        if (!checked) throw new Error('No export was checked first');
        const bytes = checked.readFile(req.file);
        port.postMessage({ id: req.id, bytes } satisfies Answer, [bytes.buffer as ArrayBuffer]);
      }
    } catch (err) {
      const e = err as Error;
      port.postMessage({ id: req.id, error: { name: e?.name ?? 'Error', message: e?.message ?? String(err) } } satisfies Answer);
    }
  };
}

/**
 * A reader that asks whatever serves `port` (serveImportChecks). `end()` is called once, when the
 * reader is closed or its check is refused. A refusal comes back as ExportReadError with its words.
 */
export function portReader(port: Port, end: () => void = () => {}): ExportReader {
  let next = 0;
  const waiting = new Map<number, { resolve: (a: Answer) => void }>();
  port.onmessage = (event: MessageEvent<Answer>) => {
    waiting.get(event.data.id)?.resolve(event.data);
    waiting.delete(event.data.id);
  };
  const ask = async (message: Omit<Request, 'id'>, transfer: Transferable[] = []): Promise<Answer> => {
    const id = ++next;
    const answer = new Promise<Answer>((resolve) => waiting.set(id, { resolve }));
    port.postMessage({ ...message, id }, transfer);
    const a = await answer;
    if (a.error) throw a.error.name === 'ExportReadError' ? new ExportReadError(a.error.message) : new Error(a.error.message);
    return a;
  };
  return async (zip, opts) => {
    try {
      // Transferred: the page no longer holds the ZIP's bytes (a copy is made when it is part of a larger buffer).
      const own = zip.byteOffset === 0 && zip.byteLength === zip.buffer.byteLength ? zip : zip.slice();
      const { manifest } = await ask({ zip: own, opts }, [own.buffer as ArrayBuffer]);
      return { manifest: manifest!, readFile: async (file) => (await ask({ file })).bytes!, close: end };
    } catch (err) {
      end();
      throw err;
    }
  };
}

/** A reader whose checks run in a new module worker (import.worker.ts), ended when the import ends. */
export function workerReader(): ExportReader {
  const worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module', name: 'afterword-import' });
  return portReader(worker, () => worker.terminate());
}
