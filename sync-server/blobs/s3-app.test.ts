/**
 * The whole server with S3_BUCKET set (issue #19 "Object storage"): files uploaded through the
 * real routes land as objects `<userId>/<blobId>/<index>` in the bucket of a real S3-speaking
 * server on loopback (s3rver), come back byte for byte, and GET /readyz checks that bucket.
 * The SDK is configured only by its standard variables, as an operator would.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signUp } from '../test/test-support';
import { callerOf, encryptFile, pdfWith, uploadFile } from '../test/blob-test-support';
import { createS3BlobStore } from './s3-blob-store';
import { startTestS3, type TestS3 } from '../test/test-s3';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
  vi.stubEnv('AWS_REGION', 'us-east-1');
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
  vi.stubEnv('AWS_ENDPOINT_URL_S3', s3.endpoint);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await s3?.stop();
});

describe('the server with S3_BUCKET (issue #19)', () => {
  it("an upload's chunks are objects of the bucket; the owner downloads the same bytes; readyz is 200", async () => {
    const bucket = await s3.newBucket();
    const t = createTestApp({ S3_BUCKET: bucket, AWS_ENDPOINT_URL_S3: s3.endpoint });
    const { cookie, user } = await signUp(t);
    const call = callerOf(t, cookie);
    const file = await encryptFile(pdfWith('on S3', 3000), 'application/pdf', 1024);
    const done = await uploadFile(call, file);
    expect(done.status).toBe(200);
    const objects = await createS3BlobStore({ bucket, forcePathStyle: true }, s3.client).listChunks(user.id, file.blobId);
    expect(objects.map((o) => o.index)).toEqual(file.chunks.map((_, i) => i));
    expect(objects.map((o) => o.size)).toEqual(file.chunks.map((c) => c.length));
    for (const [i, chunk] of file.chunks.entries()) {
      const res = await call('GET', `/api/blobs/${file.blobId}/chunks/${i}`);
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(chunk);
    }
    expect((await t.call('GET', '/readyz')).status).toBe(200);
  });

  it('readyz is 503 naming the storage when the bucket does not exist', async () => {
    const t = createTestApp({ S3_BUCKET: `missing-${randomBytes(4).toString('hex')}`, AWS_ENDPOINT_URL_S3: s3.endpoint });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await t.call('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ ok: false, error: 'Not ready: storage unavailable', failed: ['storage'] });
    } finally {
      errors.mockRestore();
    }
  });
});
