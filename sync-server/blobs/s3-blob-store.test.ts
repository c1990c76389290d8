import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { blobStoreContract } from './blob-store.contract';
import { createS3BlobStore } from './s3-blob-store';
import { lazyS3BlobStore, s3ConfigFromEnv } from './s3-config';
import { startTestS3, type TestS3 } from '../test/test-s3';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.stop();
});

blobStoreContract('S3 (s3rver on loopback)', async () => createS3BlobStore({ bucket: await s3.newBucket(), forcePathStyle: true }, s3.client));

describe('S3 blob store: configuration and errors', () => {
  it('S3_BUCKET chooses S3; path-style follows AWS_ENDPOINT_URL_S3 unless S3_FORCE_PATH_STYLE says otherwise', () => {
    expect(s3ConfigFromEnv({})).toBeUndefined();
    expect(s3ConfigFromEnv({ S3_BUCKET: ' ' })).toBeUndefined();
    expect(s3ConfigFromEnv({ S3_BUCKET: 'b' })).toEqual({ bucket: 'b', forcePathStyle: false });
    expect(s3ConfigFromEnv({ S3_BUCKET: 'b', AWS_ENDPOINT_URL_S3: 'http://minio:9000' })).toEqual({ bucket: 'b', forcePathStyle: true });
    expect(s3ConfigFromEnv({ S3_BUCKET: 'b', AWS_ENDPOINT_URL_S3: 'https://r2', S3_FORCE_PATH_STYLE: 'false' })).toEqual({ bucket: 'b', forcePathStyle: false });
    expect(() => s3ConfigFromEnv({ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('a missing bucket is an error, never an empty store (what GET /readyz reports)', async () => {
    await expect(createS3BlobStore({ bucket: 'no-such-bucket', forcePathStyle: true }, s3.client).listChunks('u1', 'b1')).rejects.toThrow();
  });

  it("the server's store (lazyS3BlobStore) is configured by the SDK's standard variables and S3_BUCKET alone", async () => {
    const bucket = await s3.newBucket();
    vi.stubEnv('AWS_REGION', 'us-east-1');
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'S3RVER');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'S3RVER');
    vi.stubEnv('AWS_ENDPOINT_URL_S3', s3.endpoint);
    vi.stubEnv('S3_BUCKET', bucket);
    try {
      const store = lazyS3BlobStore(s3ConfigFromEnv(process.env)!);
      const bytes = Buffer.from('chunk zero');
      await store.putChunk('u1', 'b1', 0, Readable.from([bytes]), { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      // The object is where the issue says: <userId>/<blobId>/<index> of S3_BUCKET.
      const direct = createS3BlobStore({ bucket, forcePathStyle: true }, s3.client);
      expect(await buffer((await direct.getChunk('u1', 'b1', 0))!)).toEqual(bytes);
      expect(await store.listChunks('u1', 'b1')).toEqual([{ index: 0, size: bytes.length }]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
