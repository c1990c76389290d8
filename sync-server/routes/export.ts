/**
 * `GET /api/export` (issue #18): the signed-in person's whole export ZIP, the same format the
 * device writes (shared/export), streamed as it is made, for scripts and backups. Only the
 * session's account is read (rule 15). Files are decrypted on the fly from the blob store with
 * each record's key (export/export-files.ts); one not uploaded yet is listed in README.txt as not included.
 */
import { Hono } from 'hono';
import { personNameOf } from '../../shared/export/format';
import { exportZipChunks } from '../../shared/export/zip-writer';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../auth/middleware';
import { limitAccount } from '../http/account-limit';
import type { Services } from '../services';
import { blobFileReader } from '../export/export-files';
import { exportRecordsOf } from '../export/export-records';

/** The route, reading records and files of the session's account from `services`. */
export function exportRoutes(deps: AppDeps, services: Services): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { records } = services;
  app.use('/api/export', requireSession(deps, services), limitAccount(records));

  app.get('/api/export', (c) => {
    const userId = c.var.userId;
    // A whole export is the largest read there is: it costs the account's read budgets (issue #15),
    // records by their bytes, files by theirs, so one account cannot keep the disk busy for everyone.
    records.throttle.readBytes.check(userId);
    records.throttle.fileBytes.check(userId);
    const exported = exportRecordsOf(records, userId);
    records.throttle.readBytes.charge(userId, JSON.stringify(exported).length);
    const exportedAt = new Date(deps.now());
    const chunks = exportZipChunks({ records: exported, exportedAt, personName: personNameOf(exported), openFile: blobFileReader(services.blobs, userId, (bytes) => records.throttle.fileBytes.charge(userId, bytes)) });
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel() {
        await chunks.return(undefined);
      },
    });
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', `attachment; filename="afterword-export-${exportedAt.toISOString().slice(0, 10)}.zip"`);
    return c.body(body);
  });
  return app;
}
