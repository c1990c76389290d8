/**
 * `GET /api/export` (issues #18, 29): the signed-in person's whole export ZIP as the server holds
 * it (shared/export/stored-format.ts, version 2): records as stored (envelopes on a sealed
 * account), each referenced file once as stored ciphertext, streamed as it is made, for scripts
 * and backups; the device opens it (shared/export/open-stored.ts). Only the session's account is
 * read (rule 15); the server decrypts nothing (it has no key).
 * One export per account at a time (a second: 429, Retry-After).
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession, requireRecentAuth } from '../accounts';
import { ApiHttpError } from '../http/errors';
import type { SessionDeps } from '../accounts';
import type { KeyStore } from '../keys';
import type { RecordService } from '../records';
import { storedExportChunks, type StoredExportSource } from './stored-export';

/** What the export uses (app.ts passes its Services): sessions, the read budgets, whether the account is sealed, its records and files as stored. */
export interface ExportRouteDeps extends SessionDeps {
  records: Pick<RecordService, 'throttle'>;
  keys: Pick<KeyStore, 'get'>;
  store: StoredExportSource['store'];
  blobs: StoredExportSource['blobs'];
}

/** The route, reading records and files of the session's account from `services`. */
export function exportRoutes(deps: AppDeps, services: ExportRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { records } = services;
  // Everything the person wrote, in plaintext: the password entered in the last minutes (accounts/reauth.ts).
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
    let sealed: boolean;
    try {
      await records.throttle.readBytes.check(userId);
      await records.throttle.fileBytes.check(userId);
      sealed = ((await services.keys.get(userId))?.sealedAt ?? null) !== null;
    } catch (err) {
      running.delete(userId);
      throw err;
    }
    const exportedAt = new Date(deps.now());
    // Each piece charged as it is sent; past a budget the stream stops with its 429 (export/stored-export.ts).
    const charge = async (kind: 'records' | 'file', bytes: number) => {
      const budget = kind === 'file' ? records.throttle.fileBytes : records.throttle.readBytes;
      await budget.check(userId);
      await budget.charge(userId, bytes);
    };
    const chunks = storedExportChunks({ userId, sealed, exportedAt, store: services.store, blobs: services.blobs, charge });
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
