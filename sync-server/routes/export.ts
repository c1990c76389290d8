/**
 * `GET /api/export` (issue #18): the signed-in person's whole export ZIP, the same format the
 * device writes (shared/export), streamed as it is made, for scripts and backups. Only the
 * session's account is read (rule 15). Files are decrypted on the fly from the blob store with
 * each record's key (export/export-files.ts); one not uploaded yet is listed in README.txt as not included.
 * One export per account at a time (a second: 429, Retry-After).
 */
import { Hono } from 'hono';
import { personNameOf } from '../../shared/export/format';
import { exportZipChunks } from '../../shared/export/zip-writer';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../auth/middleware';
import { requireRecentAuth } from '../auth/reauth';
import { ApiHttpError } from '../http/errors';
import type { Services } from '../services';
import { blobFileReader } from '../export/export-files';
import { exportRecordsOf } from '../export/export-records';

/** The route, reading records and files of the session's account from `services`. */
export function exportRoutes(deps: AppDeps, services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { records } = services;
  // Everything the person wrote, in plaintext: the password entered in the last minutes (auth/reauth.ts).
  // Counted by the account frame; its bytes here (http/account-frame.ts FILE_BYTE_BODIES).
  app.use('/api/export', requireSession(deps, services), requireRecentAuth(deps, services));

  // One export per account at a time: the budgets are checked when an export starts and charged as
  // it reads, so exports started together would each read the whole account past them.
  const running = new Set<string>(); // this app's, in memory like the rate windows

  app.get('/api/export', async (c) => {
    const userId = c.var.userId;
    if (running.has(userId)) {
      throw new ApiHttpError(429, 'Your export is already being made. Please wait for it to finish.', undefined, { 'Retry-After': '10' });
    }
    // A whole export is the largest read there is: it costs the account's read budgets (issue #15),
    // records by their bytes, files by theirs, so one account cannot keep the disk busy for everyone.
    running.add(userId); // before the first await: a second export of the account waits for this one
    let exported;
    try {
      await records.throttle.readBytes.check(userId);
      await records.throttle.fileBytes.check(userId);
      exported = await exportRecordsOf(records, userId);
      await records.throttle.readBytes.charge(userId, JSON.stringify(exported).length);
    } catch (err) {
      running.delete(userId);
      throw err;
    }
    const exportedAt = new Date(deps.now());
    const chunks = exportZipChunks({ records: exported, exportedAt, personName: personNameOf(exported), openFile: blobFileReader(services.blobs, userId, (bytes) => void Promise.resolve(records.throttle.fileBytes.charge(userId, bytes)).catch((err) => console.error('Counting export bytes failed:', err))) });
    const end = () => running.delete(userId);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let next: IteratorResult<Uint8Array>;
        try {
          next = await chunks.next();
        } catch (err) {
          end();
          throw err;
        }
        if (next.done) {
          end();
          controller.close();
        } else controller.enqueue(next.value);
      },
      async cancel() {
        end();
        await chunks.return(undefined);
      },
    });
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', `attachment; filename="afterword-export-${exportedAt.toISOString().slice(0, 10)}.zip"`);
    return c.body(body);
  });
  return app;
}
