/**
 * A shared document's file against a lying server (docs/sharing.md "The file of a shared document"):
 * a sealed account's device (Dexie over fake-indexeddb, the real sync engine) writes a document with
 * a file to the real app over a real SQLite file, uploads the file as the browser does and shares
 * the document with the app's own share code; the viewer's own code (viewer.ts, shared-file.ts)
 * opens the link and the file. The file's key travels only inside the sealed copy: the server's
 * files and every request lack it. Bytes the server swaps, changes or cuts are refused in words,
 * never handed on.
 */
import { describe, expect, it } from 'vitest';
import { startSharing } from '../../web/features/sharing/share-client';
import { FILE_NOT_OPENED_TEXT, openSharedFile, SharedFileError } from '../../web/features/sharing/shared-file';
import type { ViewerFetch } from '../../web/features/sharing/viewer';
import type { SharedDocument } from '../../shared/share-copy-view';
import { callerOf, encryptFile, fileRefOf, pdfWith, uploadFile } from '../test/blob-test-support';
import { docItem, ORIGIN, serverFiles, world } from '../test/lying-share-world';

const CHUNK = 4096;

/** A world whose document d3 holds a three-chunk PDF (uploaded), shared with Maria; the viewer's opened copy and the file's plain bytes. */
async function sharedFile() {
  const h = await world();
  const plain = pdfWith('Canary-File-Okapi: the will itself', 9000);
  const f = await encryptFile(plain, 'application/pdf', CHUNK, { padded: true });
  expect((await uploadFile(callerOf(h.w.t, h.w.cookie), f)).status).toBe(200);
  const other = await encryptFile(pdfWith('Another file', 9000), 'application/pdf', CHUNK, { padded: true });
  expect((await uploadFile(callerOf(h.w.t, h.w.cookie), other)).status).toBe(200);
  const d3 = { id: 'd3', ...h.doc, documentUrl: null, file: fileRefOf(f, 'Will.pdf'), fileShared: true }; // the owner agreed its file goes with it (review M1)
  await h.db.write('documents', 'd3', d3);
  await h.sync();
  const { link, share } = await startSharing(h.deps, ...docItem(d3), 'Maria', ORIGIN);
  const opened = await h.viewer(link);
  expect(opened).toMatchObject({ kind: 'open', value: { kind: 'document', file: { name: 'Will.pdf', size: plain.length, mimeType: 'application/pdf' } } });
  const file = (opened as { value: SharedDocument }).value.file!;
  return { h, f, other, plain, link, shareId: share.id, file };
}

/** The viewer's fetch over the real app, each answer passed through `lie`. */
const fetchOver =
  (h: Awaited<ReturnType<typeof world>>, lie: (res: Response, path: string) => Promise<Response> = async (r) => r): ViewerFetch =>
  async (path, init) => {
    const res = await h.w.t.call('GET', path, undefined, undefined, init?.headers as Record<string, string> | undefined);
    return lie(res, path);
  };

describe("a shared document's file, and a server that lies about it", () => {
  it('the viewer opens the same bytes the owner added; the key is in no request and nowhere in the server’s files', async () => {
    const { h, f, plain, link, shareId, file } = await sharedFile();
    const sent: string[] = [];
    const blob = await openSharedFile(fetchOver(h, async (r, path) => (sent.push(path), r)), shareId, file);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(plain);
    expect(blob.type).toBe('application/pdf');
    expect(f.chunks.length).toBe(3);
    expect(sent.length).toBe(1); // one request per opening (the share and the document read once), decrypted chunk by chunk as it comes (issue 43 leftovers s23, 3)
    const files = serverFiles(h.w.t.deps.config.dataDir);
    for (const secret of [f.key, link.split('#')[1]!, 'Canary-File-Okapi']) {
      expect(files).not.toContain(secret);
      expect(sent.join('\n')).not.toContain(secret);
    }
    for (const r of h.sent) expect(`${r.path} ${r.body}`).not.toContain(f.key);
  });

  it("another file's bytes, a changed byte, a cut-off or lengthened file: each is refused as 'could not be opened', never handed on", async () => {
    const { h, other, shareId, file } = await sharedFile();
    const otherBytes = new Uint8Array(await (await h.w.t.call('GET', `/api/blobs/${other.blobId}/content`, undefined, h.w.cookie)).arrayBuffer());
    const withBody = (r: Response, body: Uint8Array, total?: number) =>
      new Response(body as BodyInit, { status: r.status, headers: { 'content-range': r.headers.get('content-range')!.replace(/\/\d+$/, `/${total ?? r.headers.get('content-range')!.split('/')[1]}`) } });
    const lies: Array<(r: Response) => Promise<Response>> = [
      async (r) => {
        const [, a, b] = /bytes (\d+)-(\d+)/.exec(r.headers.get('content-range')!)!;
        return withBody(r, otherBytes.slice(Number(a), Number(b) + 1)); // another file of the owner's, same layout
      },
      async (r) => {
        const bytes = new Uint8Array(await r.arrayBuffer());
        bytes[bytes.length - 1]! ^= 1; // one changed bit
        return withBody(r, bytes);
      },
      async (r) => withBody(r, new Uint8Array(await r.arrayBuffer()), 4096 + 28), // says the file is one chunk long
      async (r) => withBody(r, new Uint8Array(await r.arrayBuffer()), 64 * 1024), // says it is longer
    ];
    for (const lie of lies) {
      const err = await openSharedFile(fetchOver(h, lie), shareId, file).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(SharedFileError);
      expect((err as SharedFileError).message).toBe(FILE_NOT_OPENED_TEXT);
      expect((err as SharedFileError).damaged).toBe(true);
    }
    // A copy whose file names another size or hash (never the server's to change: the copy is sealed) is refused the same way.
    for (const wrong of [{ ...file, size: file.size - 1 }, { ...file, sha256: '0'.repeat(64) }]) {
      expect(await openSharedFile(fetchOver(h), shareId, wrong).catch((e: unknown) => (e as Error).message)).toBe(FILE_NOT_OPENED_TEXT);
    }
  });

  it('after Stop the file does not open: the page says it is not available', async () => {
    const { h, shareId, file } = await sharedFile();
    expect((await h.w.t.call('POST', `/api/shares/${shareId}/stop`, {}, h.w.cookie)).status).toBe(204);
    const err = (await openSharedFile(fetchOver(h), shareId, file).catch((e: unknown) => e)) as SharedFileError;
    expect(err).toBeInstanceOf(SharedFileError);
    expect(err.damaged).toBe(false);
    expect(err.message).toMatch(/^This file is not available now\./);
  });
});
