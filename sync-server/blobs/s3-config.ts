/**
 * Which blob storage the server uses (issue #19): an S3 bucket when S3_BUCKET is set, else the
 * filesystem under DATA_DIR/blobs. Kept apart from s3-blob-store.ts so that reading the
 * configuration does not load the AWS SDK.
 */
import type { BlobStore } from './blob-store';
// A type only (erased): reading the configuration still loads no AWS SDK.
import type { S3BlobConfig } from './s3-blob-store';

export type { S3BlobConfig } from './s3-blob-store';

/**
 * The S3 configuration of `env`, or undefined when S3_BUCKET is unset (blobs stay on disk).
 * S3_FORCE_PATH_STYLE (`true`/`1` or `false`/`0`) defaults to true when AWS_ENDPOINT_URL_S3 is
 * set (most S3-compatible stores want it), else false. Throws on an unreadable S3_FORCE_PATH_STYLE.
 */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3BlobConfig | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return undefined;
  const style = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  if (style && !['true', '1', 'false', '0'].includes(style)) throw new Error('S3_FORCE_PATH_STYLE must be true, 1, false or 0');
  return { bucket, forcePathStyle: style ? style === 'true' || style === '1' : Boolean(env.AWS_ENDPOINT_URL_S3) };
}

/**
 * The S3 BlobStore of `config` (s3-blob-store.ts), loading the AWS SDK on first use rather than
 * at start (it takes a quarter to one second to load; servers and tests on disk never pay it).
 */
export function lazyS3BlobStore(config: S3BlobConfig): BlobStore {
  let store: Promise<BlobStore> | undefined;
  const load = () => (store ??= import('./s3-blob-store').then((m) => m.createS3BlobStore(config)));
  return {
    putChunk: async (...a) => (await load()).putChunk(...a),
    getChunk: async (...a) => (await load()).getChunk(...a),
    listChunks: async (...a) => (await load()).listChunks(...a),
    deleteChunk: async (...a) => (await load()).deleteChunk(...a),
    deleteBlob: async (...a) => (await load()).deleteBlob(...a),
    deleteUser: async (...a) => (await load()).deleteUser(...a),
    sweepTemporary: async (...a) => (await load()).sweepTemporary(...a),
  };
}
