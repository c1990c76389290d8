/**
 * A Web Push service on loopback for tests (push/push.test.ts, sharing/emergency-push-only.test.ts):
 * it records each push request, answers 201 (or what its path names), and the "browser's" keys
 * decrypt a payload as a browser would (RFC 8291 aes128gcm).
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A push service on loopback: answers 201, or the status its path names (`/gone` 410, `/missing` 404). */
export async function startPushService(): Promise<{ origin: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.endsWith('/gone') ? 410 : req.url?.endsWith('/missing') ? 404 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16), json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: '' } };
}

/** Decrypts an aes128gcm push body (RFC 8291 §3, RFC 8188) as the browser would. */
export function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8'); // the last record ends with 0x02 and padding
}

/** A push service started before the calling describe's tests and closed after them: read `.origin` and `.received` inside a test. */
export function usePushService(): { readonly origin: string; readonly received: Received[] } {
  let push: Awaited<ReturnType<typeof startPushService>> | undefined;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(() => push?.close());
  return {
    get origin() {
      return push!.origin;
    },
    get received() {
      return push!.received;
    },
  };
}
