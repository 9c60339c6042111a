import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

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

interface Part {
  headers: Record<string, string>;
  body: string;
}

/** A header's RFC 2047 encoded words (a subject in Hebrew: `=?UTF-8?B?...?=`) as their text. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[bqBQ]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([bqBQ])\?([^?]*)\?=/g, (_all, charset: string, encoding: string, data: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : Buffer.from(
              data
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_hex, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              'latin1',
            );
      return new TextDecoder(charset).decode(bytes);
    });
}

function parsePart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const body = split === -1 ? '' : normalized.slice(split + 2);
  const headers: Record<string, string> = {};
  // Folded header lines continue with leading white space.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
    }
  }
  return { headers, body };
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const unfolded = part.body.replace(/=\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < unfolded.length; i++) {
      const hex = unfolded.slice(i + 1, i + 3);
      if (unfolded[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
        bytes.push(Number.parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(unfolded[i] ?? '', 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return part.body;
}

/** The leaf parts of a MIME message, multipart containers opened recursively. */
function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const [, ...sections] = part.body.split(`--${boundary}`);
  return sections
    .filter((section) => !section.startsWith('--'))
    .map((section) => parsePart(section.replace(/^\n/, '')))
    .flatMap(leaves);
}

export function parseMail(file: string, raw: string): ReceivedMail {
  const message = parsePart(raw);
  const parts = leaves(message);
  const body = (type: RegExp) => {
    const part = parts.find((p) => type.test(p.headers['content-type'] ?? 'text/plain'));
    return part ? decodeBody(part) : '';
  };
  return { file, headers: message.headers, text: body(/^text\/plain/i), html: body(/^text\/html/i) };
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
