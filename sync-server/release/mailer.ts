/**
 * Outgoing email (DESIGN.md §8) through nodemailer: over SMTP when `config.smtpUrl` (SMTP_URL)
 * is set; otherwise each message is written to DATA_DIR/outbox/ as an `.eml` file and a line is
 * logged, so a new install can be tried without a mail server. A written file reaches no one:
 * `send` says so (`reached: false`), and the e-mail stays pending until SMTP is configured
 * (issue #16). Files are named after the account, so deleting the account removes them.
 */
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { linkBase, type AppConfig } from '../app-env';
import { outsideTransaction } from '../db/tx-errors';
import { emailHtml } from './email-html';

/** What nodemailer is given for `e`: the plain text and its HTML part (email-html.ts), in e's language. */
const message = (from: string, ownBase: string, e: OutgoingEmail) => ({
  from,
  to: e.to,
  subject: e.subject,
  text: e.text,
  html: emailHtml(e.subject, e.text, e.lang ?? 'en', ownBase),
  headers: { 'Content-Language': e.lang ?? 'en' },
});

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  /** The language it is written in (shared/languages.ts; default English): the HTML part's `<html lang dir>` (email-html.ts). */
  lang?: string;
  /** The account it is sent for (names the outbox file). */
  account: string;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'folder' (DATA_DIR/outbox). */
  readonly mode: 'smtp' | 'folder';
  /**
   * Sends one email. Resolves `reached: true` only when an SMTP server accepted it. Rejects when
   * the transport fails; an SMTP refusal carries `responseCode` (5xx: permanent).
   */
  send(email: OutgoingEmail): Promise<{ reached: boolean }>;
}

/** The folder `.eml` files are written to. */
export const outboxDir = (config: Pick<AppConfig, 'dataDir'>) => join(config.dataDir, 'outbox');

/** Removes every `.eml` file written for `account` (account deletion, issue #16). Returns how many. */
export function removeOutboxFiles(config: Pick<AppConfig, 'dataDir'>, account: string): number {
  const dir = outboxDir(config);
  if (!existsSync(dir)) return 0;
  const mine = readdirSync(dir).filter((f) => f.startsWith(`${account}-`) && f.endsWith('.eml'));
  for (const f of mine) rmSync(join(dir, f), { force: true });
  return mine.length;
}

/** The From address: no-reply at PUBLIC_URL's host, or at localhost. */
export function fromAddress(config: Pick<AppConfig, 'publicUrl'>): string {
  let host = 'localhost';
  try {
    if (config.publicUrl) host = new URL(config.publicUrl).hostname;
  } catch {
    /* keep localhost */
  }
  return `Afterword <no-reply@${host}>`;
}

/** The mailer for `config`. `log` receives the outbox line (console.log by default). */
export function createMailer(config: Pick<AppConfig, 'dataDir' | 'publicUrl' | 'smtpUrl' | 'port'>, log: (line: string) => void = console.log): Mailer {
  const from = fromAddress(config);
  const own = linkBase(config); // the HTML part links only the server's own addresses
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      mode: 'smtp',
      async send(e) {
        outsideTransaction('Sending an e-mail');
        await transport.sendMail(message(from, own, e));
        return { reached: true };
      },
    };
  }
  const dir = outboxDir(config);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let n = 0;
  return {
    mode: 'folder',
    async send(e) {
      outsideTransaction('Writing an e-mail');
      const info = await transport.sendMail(message(from, own, e));
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      n += 1;
      const file = join(dir, `${e.account}-${Date.now()}-${process.pid}-${n}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      log(`Email to ${e.to} ("${e.subject}") written to ${file}; it reaches no one until SMTP_URL is set`);
      return { reached: false };
    },
  };
}
