/**
 * Outgoing email (DESIGN.md §8) through nodemailer: over SMTP when `config.smtpUrl` (SMTP_URL)
 * is set; otherwise each message is written to DATA_DIR/outbox/ as an `.eml` file and a line is
 * logged, so a new install works without a mail server.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Sends one email; rejects when the transport fails (the caller retries later). */
  send(email: OutgoingEmail): Promise<void>;
}

/** The From address: no-reply at PUBLIC_URL's host, or at localhost. */
export function fromAddress(config: Config): string {
  let host = 'localhost';
  try {
    if (config.publicUrl) host = new URL(config.publicUrl).hostname;
  } catch {
    /* keep localhost */
  }
  return `Afterword <no-reply@${host}>`;
}

/** The mailer for `config`. `log` receives the outbox line (console.log by default). */
export function createMailer(config: Config, log: (line: string) => void = console.log): Mailer {
  const from = fromAddress(config);
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(e) {
        await transport.sendMail({ from, to: e.to, subject: e.subject, text: e.text });
      },
    };
  }
  const dir = join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let n = 0;
  return {
    async send(e) {
      const info = await transport.sendMail({ from, to: e.to, subject: e.subject, text: e.text });
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      n += 1;
      const file = join(dir, `${Date.now()}-${process.pid}-${n}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      log(`Email to ${e.to} ("${e.subject}") written to ${file}`);
    },
  };
}
