/**
 * The S3 BlobStore (blob-store.ts; issue #19 "Object storage"): chunk `i` of blob `b` of user
 * `u` is the object `<u>/<b>/<i>` of one bucket, on AWS S3 or any S3-compatible store (MinIO,
 * R2, Ceph…), through `@aws-sdk/client-s3`.
 *
 * Atomic and verified without holding a chunk in memory: a chunk is streamed in ONE PutObject
 * whose Content-Length is the expected size, while its length and SHA-256 are checked; the last
 * piece of the body is held back until the whole chunk has been checked, so a body that is too
 * long, too short or of another hash never reaches its last byte, and S3 (which keeps an object
 * only when its whole declared body arrived) stores nothing and leaves the previous version as
 * it was. The expected SHA-256 is also sent as `x-amz-checksum-sha256`, which S3 and most
 * compatible stores verify themselves. A single PUT takes up to 5 GB, far above the largest
 * chunk (64 MiB, shared/files/ref.ts), so multipart (`@aws-sdk/lib-storage`) does not fit here:
 * it would leave half-uploaded parts behind a crash, where one PUT leaves nothing, and so
 * `sweepTemporary` has nothing to sweep.
 *
 * Configuration: the SDK's standard variables (AWS_REGION, AWS_ACCESS_KEY_ID,
 * AWS_SECRET_ACCESS_KEY, AWS_ENDPOINT_URL_S3, …) plus S3_BUCKET and S3_FORCE_PATH_STYLE
 * (`s3ConfigFromEnv` in s3-config.ts).
 */
import { createHash } from 'node:crypto';
import { pipeline, Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSegment, ChunkMismatchError, type BlobStore, type StoredChunk } from './blob-store';

/** Where the chunks go (S3_BUCKET, S3_FORCE_PATH_STYLE: s3-config.ts reads them): a bucket, and whether to address it as `endpoint/bucket/key` (MinIO and the like). */
export interface S3BlobConfig {
  bucket: string;
  forcePathStyle: boolean;
}

/**
 * An S3 client configured by the SDK's standard variables (`overrides` for tests: endpoint,
 * credentials, region); checksums only when an operation
 * requires them (the SDK's streaming checksum trailers are not understood by every compatible store).
 */
export function createS3Client(config: S3BlobConfig, overrides: S3ClientConfig = {}): S3Client {
  return new S3Client({ forcePathStyle: config.forcePathStyle, requestChecksumCalculation: 'WHEN_REQUIRED', ...overrides });
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * A stream that passes `expect.size` bytes through, failing as soon as there are more, and that
 * delivers its last piece only once the total length and SHA-256 are right (else fails instead).
 */
function verified(body: Readable, expect: { size: number; sha256: string }): Readable {
  const hash = createHash('sha256');
  let bytes = 0;
  let held: Buffer | null = null;
  const check = new Transform({
    transform(data: Buffer, _enc, done) {
      bytes += data.length;
      if (bytes > expect.size) return done(new ChunkMismatchError(`This chunk is larger than ${expect.size} bytes`, 'size', true));
      hash.update(data);
      const previous = held;
      held = data;
      done(null, previous ?? undefined);
    },
    flush(done) {
      if (bytes !== expect.size) return done(new ChunkMismatchError(`This chunk has ${bytes} bytes, ${expect.size} expected`, 'size'));
      if (hash.digest('hex') !== expect.sha256) return done(new ChunkMismatchError('This chunk does not match its x-chunk-sha256', 'sha256'));
      done(null, held ?? undefined);
    },
  });
  // As fs-blob-store's pipeline: an error on either side destroys both (the request body too).
  return pipeline(body, check, () => {});
}

/** A BlobStore over the bucket of `config`, through `client` (default: createS3Client(config)). */
export function createS3BlobStore(config: S3BlobConfig, client: S3Client = createS3Client(config)): BlobStore {
  const Bucket = config.bucket;
  const blobPrefix = (userId: string, blobId: string) => {
    assertSegment('user id', userId);
    assertSegment('blob id', blobId);
    return `${userId}/${blobId}/`;
  };
  const chunkKey = (userId: string, blobId: string, index: number) => {
    if (!Number.isSafeInteger(index) || index < 0) throw new Error('Invalid chunk index for the blob store');
    return blobPrefix(userId, blobId) + String(index);
  };
  /** Every object (key and size) under `prefix`, page by page. */
  async function* listed(prefix: string): AsyncGenerator<{ key: string; size: number }> {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
      for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }
  /** Deletes every object under `prefix`, 16 at a time (DeleteObjects is not implemented everywhere). */
  const deletePrefix = async (prefix: string) => {
    let batch: Promise<unknown>[] = [];
    for await (const o of listed(prefix)) {
      batch.push(client.send(new DeleteObjectCommand({ Bucket, Key: o.key })));
      if (batch.length === 16) {
        await Promise.all(batch);
        batch = [];
      }
    }
    await Promise.all(batch);
  };

  return {
    async putChunk(userId, blobId, index, body, expect) {
      const Key = chunkKey(userId, blobId, index);
      const stream = verified(body, expect);
      // A failing body aborts the request at once: the store gets less than Content-Length, keeps nothing.
      const abort = new AbortController();
      let mismatch: unknown;
      stream.once('error', (err) => {
        mismatch = err;
        abort.abort(err);
      });
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: stream,
            ContentLength: expect.size,
            ContentType: 'application/octet-stream',
            ChecksumSHA256: Buffer.from(expect.sha256, 'hex').toString('base64'),
          }),
          { abortSignal: abort.signal },
        );
      } catch (err) {
        throw mismatch ?? err; // the body's own failure (e.g. ChunkMismatchError) says more than the aborted request
      }
      if (mismatch) throw mismatch;
    },

    async getChunk(userId, blobId, index, range) {
      const Key = chunkKey(userId, blobId, index);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return out.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async listChunks(userId, blobId) {
      const prefix = blobPrefix(userId, blobId);
      const out: StoredChunk[] = [];
      for await (const o of listed(prefix)) {
        const name = o.key.slice(prefix.length);
        if (/^(0|[1-9]\d{0,9})$/.test(name)) out.push({ index: Number(name), size: o.size });
      }
      return out.sort((a, b) => a.index - b.index);
    },

    async deleteChunk(userId, blobId, index) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: chunkKey(userId, blobId, index) }));
    },

    deleteBlob: (userId, blobId) => deletePrefix(blobPrefix(userId, blobId)),

    async deleteUser(userId) {
      assertSegment('user id', userId);
      await deletePrefix(`${userId}/`);
    },

    // One PUT per chunk: an interrupted upload leaves nothing behind (see above).
    sweepTemporary: async () => 0,
  };
}
