import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport } from 'nodemailer';
import type { AppConfig } from '../env';

/** One outbox row, as much of it as sending needs. */
export interface MailToSend {
  id: string;
  kind: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  createdAt: Date;
}

export interface MailTransport {
  /** Where mail goes, for the start-up log; never includes a password. */
  readonly description: string;
  /** Resolves once the server (or the disk) accepted the mail; rejects with the reason otherwise. */
  send(mail: MailToSend): Promise<void>;
  close(): void;
}

/**
 * Stable across every attempt of one outbox row: when a crash between sending and recording it
 * makes the worker send a mail again, receivers see the same Message-ID and can drop the copy.
 */
export function messageIdFor(outboxId: string): string {
  return `<${outboxId}@simchahub>`;
}

/** `2026-11-23T10-27-28.123Z-password-reset-<id>.eml`: sorts by age, one name per outbox row. */
export function emlFileName(mail: Pick<MailToSend, 'id' | 'kind' | 'createdAt'>): string {
  const created = mail.createdAt.toISOString().replace(/:/g, '-');
  const kind = mail.kind.replace(/[^a-zA-Z0-9_-]+/g, '-');
  return `${created}-${kind}-${mail.id}.eml`;
}

function messageFields(mail: MailToSend, from: string) {
  return {
    from,
    // The object form keeps an odd address from being parsed into several recipients.
    to: { name: '', address: mail.toAddress },
    subject: mail.subject,
    text: mail.textBody,
    html: mail.htmlBody,
    messageId: messageIdFor(mail.id),
    date: mail.createdAt,
    // RFC 3834: tells auto-responders (out-of-office replies) not to answer.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * Send timeouts stay well inside the worker's lease, so a slow server cannot make a second worker
 * think the mail was abandoned while the first is still sending it.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = createTransport({ url: smtpUrl, pool: false, ...SMTP_TIMEOUTS });
  const url = new URL(smtpUrl);
  return {
    description: `SMTP server ${url.protocol}//${url.host}`,
    async send(mail) {
      await transporter.sendMail(messageFields(mail, from));
    },
    close() {
      transporter.close();
    },
  };
}

function emlTransport(mailDir: string, from: string): MailTransport {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    description: `.eml files in ${mailDir}`,
    async send(mail) {
      const info = await transporter.sendMail(messageFields(mail, from));
      if (!Buffer.isBuffer(info.message)) throw new Error('The mail was not built into a buffer');
      await mkdir(mailDir, { recursive: true });
      const target = path.join(mailDir, emlFileName(mail));
      // A reader never sees half a mail, and sending the same row again replaces its one file.
      const temporary = path.join(mailDir, `.${mail.id}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await writeFile(temporary, info.message);
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes a readable .eml file under DATA_DIR/mail. */
export function createMailTransport(
  config: Pick<AppConfig, 'smtpUrl' | 'mailDir' | 'mailFrom'>,
): MailTransport {
  return config.smtpUrl
    ? smtpTransport(config.smtpUrl, config.mailFrom)
    : emlTransport(config.mailDir, config.mailFrom);
}

/**
 * A rejection that sending again would get again: an SMTP 5xx reply (except 503, which only says
 * the session was in the wrong state), or an envelope nodemailer refuses before talking to the
 * server. Everything else (4xx replies, refused or dropped connections, timeouts, a full disk) is
 * worth another try.
 */
export function isPermanentFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number')
    return responseCode >= 500 && responseCode < 600 && responseCode !== 503;
  return code === 'EENVELOPE';
}
