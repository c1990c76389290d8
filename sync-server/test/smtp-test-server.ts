/**
 * Test support: a real SMTP server on loopback (the `smtp-server` package) that keeps every
 * message it receives, decoded enough to read: recipients, subject and the plain-text body
 * (quoted-printable and base64 undone), plus the links in it. Used by the release integration
 * tests and the browser test (e2e/release.test.ts).
 */
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  to: string[];
  subject: string;
  text: string;
  /** The HTML part, when the message has one (mailer.ts sends one with every e-mail, issue 44). */
  html?: string;
  links: string[];
}

export interface TestSmtp {
  url: string;
  port: number;
  received: ReceivedEmail[];
  /** Emails to `address` (case-insensitive), oldest first. */
  to(address: string): ReceivedEmail[];
  /** Resolves with the first email to `address` whose subject matches (already received or still to come). */
  waitFor(address: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedEmail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** One MIME entity (a message or a part): its header lines unfolded, and its body. */
function entity(raw: string): { header: (name: string) => string; body: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = (split < 0 ? raw : raw.slice(0, split)).replace(/\r?\n[ \t]+/g, ' ');
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  return { header: (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '', body };
}

/** A leaf part's body, its transfer encoding undone. */
function decoded(e: ReturnType<typeof entity>): string {
  const encoding = e.header('Content-Transfer-Encoding').toLowerCase();
  const text = encoding === 'quoted-printable' ? decodeQuotedPrintable(e.body) : encoding === 'base64' ? Buffer.from(e.body.replace(/\s+/g, ''), 'base64').toString('utf8') : e.body;
  return text.replace(/\r\n/g, '\n');
}

/** The leaf parts of `e` by content type (text/plain, text/html), a multipart's parts walked. */
function leaves(e: ReturnType<typeof entity>, into: Record<string, string> = {}): Record<string, string> {
  const type = e.header('Content-Type');
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = e.body.split(`--${boundary}`).slice(1);
    for (const part of parts) if (!part.startsWith('--')) leaves(entity(part.replace(/^\r?\n/, '')), into);
    return into;
  }
  into[(type.split(';')[0] || 'text/plain').trim().toLowerCase()] ??= decoded(e);
  return into;
}

/**
 * Parses an RFC 5322 message as nodemailer writes it: the plain text (of a single part, or the
 * text/plain part of multipart/alternative) and, when there is one, the HTML part (mailer.ts).
 */
export function parseEmail(raw: string, envelopeTo: string[]): ReceivedEmail {
  const message = entity(raw);
  const parts = leaves(message);
  const text = parts['text/plain'] ?? '';
  // RFC 2047 encoded words (Q or B, as nodemailer picks for the words), the space between two of them dropped.
  const subject = message
    .header('Subject')
    .replace(/(\?=)\s+(?==\?utf-8\?[QB]\?)/gi, '$1')
    .replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_, how: string, v: string) =>
      how.toUpperCase() === 'B' ? Buffer.from(v, 'base64').toString('utf8') : decodeQuotedPrintable(v.replace(/_/g, ' ')),
    );
  return { to: envelopeTo, subject, text, html: parts['text/html'], links: text.match(/https?:\/\/\S+/g) ?? [] };
}

/**
 * An SMTPServer that greets a client as soon as it connects. smtp-server waits 100 ms on every
 * connection before its greeting, to catch clients that talk first (a spam defence it has no option
 * for); the app's mailer opens one connection per e-mail, so a test's e-mails each waited 100 ms
 * (measured: 116 ms an e-mail, 5.7 ms of it CPU), seconds of idle in every release test (issue 41,
 * CI time). Here the connection's own readiness step runs at once, and the delayed call does
 * nothing; everything else is smtp-server's own connect.
 */
class PromptSmtpServer extends SMTPServer {
  override connect(...args: Parameters<SMTPServer['connect']>): void {
    super.connect(...args);
    const connection = [...this.connections].at(-1);
    if (!connection || connection.needsUpgrade) return; // (a TLS connection: smtp-server's own way)
    const ready = connection.connectionReady.bind(connection);
    connection.connectionReady = () => {}; // the call smtp-server's timer makes 100 ms from now
    ready();
  }
}

/**
 * Starts the server on 127.0.0.1 and `opts.port` (default: a free port; pass an old server's
 * port to end an outage). `opts.refuse(address)` true answers that recipient with a permanent
 * `550` (a mailbox that does not exist). `opts.received` keeps collecting into an old list.
 */
export async function startTestSmtp(
  opts: { port?: number; refuse?: (address: string) => boolean; received?: ReceivedEmail[] } = {},
): Promise<TestSmtp> {
  const received: ReceivedEmail[] = opts.received ?? [];
  const waiters = new Set<() => void>();
  const server = new PromptSmtpServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    disableReverseLookup: true, // the only client is this machine's app: no DNS lookup per e-mail
    onRcptTo(address, _session, callback) {
      if (opts.refuse?.(address.address.toLowerCase())) {
        const err = Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        received.push(parseEmail(Buffer.concat(chunks).toString('utf8'), to));
        for (const w of waiters) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  const to = (address: string) => received.filter((e) => e.to.includes(address.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    to,
    waitFor(address, subject, timeoutMs = 60_000) {
      const find = () => to(address).find((e) => subject.test(e.subject));
      return new Promise((resolve, reject) => {
        const hit = find();
        if (hit) return resolve(hit);
        const check = () => {
          const e = find();
          if (e) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(e);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No email to ${address} matching ${subject} within ${timeoutMs} ms; got: ${received.map((e) => `${e.to.join(',')}: ${e.subject}`).join(' | ')}`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
