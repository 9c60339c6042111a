import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { readMail } from '../../src/server/platform/mail/mail-files';

/** Where the server writes each mail as an .eml file when no SMTP server is configured. */
export function mailDir(): string {
  return path.join(inject('dataDir'), 'mail');
}

export interface ReceivedMail {
  file: string;
  headers: Record<string, string>;
  text: string;
  html: string;
}

/**
 * A mail as the server wrote it: headers decoded (a Hebrew subject is written as RFC 2047 words),
 * the text and HTML parts decoded, '' when a part is missing.
 */
export function parseMail(file: string, raw: string): ReceivedMail {
  const mail = readMail(raw);
  return { file, headers: mail.headers, text: mail.text ?? '', html: mail.html ?? '' };
}

/** Names of the .eml files written so far (the mail directory may not exist yet). */
export async function mailFiles(): Promise<string[]> {
  try {
    return (await readdir(mailDir())).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
}

/**
 * Waits for the newest .eml file addressed to `to` (with that subject, when given: an address gets a
 * confirmation mail at sign-up, sent whenever the outbox gets to it) that is not in `seen`. Fails
 * with a clear message when none arrives, which means the server never sent it.
 */
export async function waitForMail(
  to: string,
  { seen = [], timeoutMs = 20_000, subject }: { seen?: string[]; timeoutMs?: number; subject?: string } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const fresh = (await mailFiles()).filter((name) => !seen.includes(name)).reverse();
    for (const name of fresh) {
      const mail = parseMail(name, await readFile(path.join(mailDir(), name), 'utf8'));
      const addressed = (mail.headers.to ?? '').toLowerCase().includes(to.toLowerCase());
      if (addressed && (subject === undefined || mail.headers.subject === subject)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `No mail to ${to}${subject ? ` about '${subject}'` : ''} appeared in ${mailDir()} within ${timeoutMs} ms`,
  );
}
