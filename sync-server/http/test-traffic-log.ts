/**
 * A test-only record of every request and response body the server exchanged (issue "Sealed from
 * the server", tests: the canary scan searches "every request and response body (a test
 * middleware)"). Active ONLY when the environment has AFTERWORD_TEST_TRAFFIC_LOG=<file>; otherwise
 * `trafficLogFromEnv` returns null and nothing is recorded. It is taken at the server, so it holds
 * what every client sent and received — the owner's devices, and pages opened anywhere else (an
 * invitation, a report, a release page) — not only what one browser's listeners saw.
 *
 * The file is JSON lines, appended synchronously as bytes pass (a stream still open, such as the
 * live sync channel, is recorded up to its last chunk): `{ id, dir, where, enc, b64 }`. A request is
 * its request line with the full URL, its headers, and its body (read from a clone, so the app reads
 * its own); a response is its status line and headers (`response-head`, where a file name in
 * Content-Disposition would show) and its body chunk by chunk (`enc`: the response's
 * Content-Encoding; `readTrafficLog` decodes it). The escrow deposit's body
 * holds raw scope keys by design (escrow/routes.ts): it is recorded like every other, so the test
 * decides what to leave out. Never set it on a real deployment: it writes keys and words to disk.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, constants, gunzipSync, inflateSync } from 'node:zlib';

export const TEST_TRAFFIC_LOG_ENV = 'AFTERWORD_TEST_TRAFFIC_LOG';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the server's fetch passes bindings through untouched
type Fetch = (req: Request, ...rest: any[]) => Response | Promise<Response>;

/** What a record is: a request (head and body), a response's head, or a response's body. */
export type Direction = 'request' | 'response-head' | 'response';

interface Line {
  id: number;
  dir: Direction;
  where: string;
  enc: string;
  b64: string;
}

/** One record of what the server received or sent: `where` is e.g. `request PUT /api/release/escrow`. */
export interface Exchange {
  id: number;
  dir: Direction;
  method: string;
  path: string;
  where: string;
  bytes: Buffer;
}

/** Statuses whose response may not carry a body (Fetch standard "null body status"). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/** The wrapper of the app's fetch that records into `file`, or null unless `env[AFTERWORD_TEST_TRAFFIC_LOG]` names one. Throws under NODE_ENV=production. */
export function trafficLogFromEnv(env: NodeJS.ProcessEnv = process.env): { file: string; wrap<F extends Fetch>(fetch: F): F } | null {
  const file = env[TEST_TRAFFIC_LOG_ENV];
  if (!file) return null;
  if (env.NODE_ENV === 'production') throw new Error(`${TEST_TRAFFIC_LOG_ENV} is for tests only (it writes every key and word to disk): unset it on a production server`);
  let next = 0;
  const write = (line: Omit<Line, 'b64'>, bytes: Uint8Array) => {
    if (bytes.byteLength > 0) appendFileSync(file, `${JSON.stringify({ ...line, b64: Buffer.from(bytes).toString('base64') })}\n`);
  };
  return {
    file,
    wrap: <F extends Fetch>(fetch: F) =>
      (async (req: Request, ...rest: unknown[]) => {
        const id = ++next;
        const where = `${req.method} ${new URL(req.url).pathname}`;
        const head = (first: string, headers: Headers) => new TextEncoder().encode(`${first}\r\n${[...headers].map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
        write({ id, dir: 'request', where, enc: '' }, head(`${req.method} ${req.url}`, req.headers));
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          // A clone tees the body: the app reads its own branch as it would without this record.
          void req
            .clone()
            .arrayBuffer()
            .then((b) => write({ id, dir: 'request', where, enc: '' }, new Uint8Array(b)))
            .catch(() => undefined); // an aborted upload: nothing more was received
        }
        const res = await fetch(req, ...rest);
        write({ id, dir: 'response-head', where, enc: '' }, head(`${res.status} ${res.statusText}`, res.headers));
        if (!res.body || NULL_BODY.has(res.status)) return res;
        const enc = res.headers.get('content-encoding') ?? '';
        const reader = res.body.getReader();
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { done, value } = await reader.read();
            if (done) return controller.close();
            write({ id, dir: 'response', where, enc }, value);
            controller.enqueue(value);
          },
          cancel: (reason) => reader.cancel(reason),
        });
        return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
      }) as F,
  };
}

/** `bytes` decoded from Content-Encoding `enc` (gzip, br, deflate; a stream cut short decodes as far as it got). */
function decode(bytes: Buffer, enc: string): Buffer {
  const opts = { finishFlush: constants.Z_SYNC_FLUSH };
  try {
    if (enc === 'gzip' || enc === 'x-gzip') return gunzipSync(bytes, opts);
    if (enc === 'deflate') return inflateSync(bytes, opts);
    if (enc === 'br') return brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH });
  } catch {
    /* not what it said: scan it as it is */
  }
  return bytes;
}

/**
 * Every record in `file` (trafficLogFromEnv), in the order the exchanges began, each
 * response's chunks joined and decoded. Throws when the file cannot be read.
 */
export function readTrafficLog(file: string): Exchange[] {
  const bodies = new Map<string, { line: Line; parts: Buffer[] }>();
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (!text) continue;
    const line = JSON.parse(text) as Line;
    const key = `${line.id} ${line.dir}`;
    const entry = bodies.get(key) ?? { line, parts: [] };
    entry.parts.push(Buffer.from(line.b64, 'base64'));
    bodies.set(key, entry);
  }
  return [...bodies.values()]
    .sort((a, b) => a.line.id - b.line.id)
    .map(({ line, parts }) => {
      const [method = '', path = ''] = line.where.split(' ');
      return { id: line.id, dir: line.dir, method, path, where: `${line.dir} ${line.where}`, bytes: decode(Buffer.concat(parts), line.enc) };
    });
}
