/**
 * An import in progress guards against leaving the page (issue "Promises kept", finding 9:
 * "reloading during an import's first second aborts it without a word";
 * web/features/export/DataCard.tsx). In real Chromium at 390 px: a reload while a large ZIP is
 * being imported brings up the browser's own "Leave site?" question (a `beforeunload` dialog; the
 * tap on Import is the user activation Chromium asks for before showing it); staying lets the
 * import finish with everything in it; once it is done, a reload asks nothing. The ZIP is read in a
 * module worker (web/features/export/import-reader.ts), not on the page's main thread.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Dialog } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { FileRef } from '../shared/files/ref';
import type { ExportRecords } from '../shared/export/format';
import { exportZipChunks } from '../shared/export/zip-writer';
import { hasChromium, keylessAccountPage, mobileContext, poll, useBrowserSuite } from './harness';
import { confirmDialog } from './record-screens';

/** Documents in the ZIP and the size of each one's PDF: enough for the import to take a moment. */
const DOCUMENTS = 8;
const PDF_BYTES = 3 * 1024 * 1024;

/** A PDF of `size` bytes that does not compress (random filler), as a scan would be. */
function scanLikePdf(marker: string, size: number): Uint8Array {
  const head = Buffer.from(`%PDF-1.4\n% ${marker}\n`);
  const tail = Buffer.from('\n%%EOF');
  return new Uint8Array(Buffer.concat([head, randomBytes(size - head.length - tail.length), tail]));
}

/** An export ZIP (format version 1, shared/export/zip-writer.ts) of `DOCUMENTS` documents with their files. */
async function largeExport(): Promise<{ zip: Buffer; names: string[] }> {
  const createdAt = new Date().toISOString();
  const files = new Map<string, Uint8Array>();
  const documents = Array.from({ length: DOCUMENTS }, (_, i) => {
    const bytes = scanLikePdf(`scan ${i + 1}`, PDF_BYTES);
    const file: FileRef = {
      blobId: randomBytes(18).toString('base64url'),
      name: `Scan ${i + 1}.pdf`,
      size: bytes.byteLength,
      mimeType: 'application/pdf',
      sha256: createHash('sha256').update(bytes).digest('hex'),
      key: randomBytes(32).toString('base64url'),
      chunkSize: 4 * 1024 * 1024,
    };
    const id = randomUUID();
    files.set(id, bytes);
    return { id, documentType: 'will' as const, documentName: `Deed ${i + 1}`, documentUrl: null, originalLocation: null, file, fileBlobId: null, createdAt };
  });
  const records = { profile: [], deathPlan: [], messages: [], documents, trustees: [], survivorTasks: [] } as unknown as ExportRecords;
  const parts: Uint8Array[] = [];
  for await (const p of exportZipChunks({ records, exportedAt: new Date(), personName: 'Grace Lovelace', openFile: async ({ id }) => files.get(id) ?? null })) parts.push(p);
  return { zip: Buffer.concat(parts), names: documents.map((d) => d.documentName) };
}

describe.skipIf(!hasChromium)('an import in progress guards against leaving the page (finding 9)', () => {
  // No service worker: no test here goes offline or looks at one, and its install (the app's
  // precache) is about 2.4 s of Chromium's CPU a context (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });

  it('a reload during the import asks first; staying lets it finish with everything; afterwards a reload asks nothing', async () => {
    const { zip, names } = await largeExport();
    const context = await mobileContext(suite.browser, suite.server.url);
    const { page } = await keylessAccountPage(context, suite.server.url, '/settings');
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    const dialogs: string[] = [];
    page.on('dialog', (d: Dialog) => {
      dialogs.push(d.type());
      void d.dismiss(); // "Cancel": stay on the page
    });

    // Every toast's words as it appears (a toast comes and goes on its own; this reads it whole).
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { toasts: string[] }).toasts = []);
      new MutationObserver(() => {
        for (const li of document.querySelectorAll('li[data-state="open"]')) if (!seen.includes(li.textContent ?? '')) seen.push(li.textContent ?? '');
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const toasts = () => page.evaluate(() => (window as unknown as { toasts?: string[] }).toasts ?? []);

    // The ZIP is checked and inflated in a module worker, never on the page's main thread (issue 40).
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await page.locator('input[type="file"]').setInputFiles({ name: 'afterword-export.zip', mimeType: 'application/zip', buffer: zip });
    await confirmDialog(page, 'are added to this account', 'Import'); // the tap: the user activation beforeunload needs
    await page.getByRole('button', { name: 'Importing...' }).waitFor();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const started = Date.now();
    // The person reloads while it runs: the browser asks before leaving.
    void page.reload().catch(() => undefined); // stays pending (or fails) once the reload is cancelled
    await poll(() => dialogs).toEqual(['beforeunload']);

    // They stay: the import goes on to the end on the same page, and everything is there.
    // As long as the import takes on a loaded machine.
    await poll(async () => (await toasts()).find((t) => t.startsWith('Data imported')) ?? '', 60_000).toContain(
      `${DOCUMENTS} of ${DOCUMENTS} records were added or updated, with ${DOCUMENTS} files queued for upload`,
    );
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true); // never reloaded
    expect(workers.filter((url) => /\/import\.worker-[\w-]+\.js$/.test(url)), workers.join(', ')).toHaveLength(1);
    console.log(`import-guard: the import of ${DOCUMENTS} × ${PDF_BYTES / 1024 / 1024} MB went on for ${Date.now() - started} ms after the reload was asked for`);
    await page.getByRole('button', { name: 'Import data' }).waitFor();

    // Done: the same page (its tap still counts as activation) reloads without a question.
    await page.reload();
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    expect(dialogs).toEqual(['beforeunload']);
    await page.goto('/documents');
    for (const name of names) await page.getByText(name, { exact: true }).waitFor();
    expect(dialogs).toEqual(['beforeunload']);
    await context.close();
  });
});
