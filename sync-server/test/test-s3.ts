/**
 * A real S3-speaking server on loopback for tests (issue #19): `s3rver` on a free port over a
 * temporary folder, and an S3 client configured for it as an operator would configure the
 * server (endpoint, path-style, static credentials). Beside the tests that use it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { createS3Client } from '../blobs/s3-blob-store';

export interface TestS3 {
  /** `http://127.0.0.1:<port>`, what AWS_ENDPOINT_URL_S3 would be. */
  endpoint: string;
  /** A client of that endpoint (region us-east-1, s3rver's default credentials). */
  client: S3Client;
  /** Creates a new empty bucket and returns its name. */
  newBucket(): Promise<string>;
  /** Stops the server and deletes its folder. */
  stop(): Promise<void>;
}

/** Starts s3rver on a free loopback port (port 0: the system picks one). */
export async function startTestS3(): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'afterword-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = createS3Client(
    { bucket: '', forcePathStyle: true },
    { endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
  );
  return {
    endpoint,
    client,
    async newBucket() {
      const name = `afterword-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return name;
    },
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
