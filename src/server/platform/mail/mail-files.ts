import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Reads back the mails this app writes (the .eml files under DATA_DIR/mail, or a message an SMTP
 * server received): headers, and the decoded text and HTML parts. It understands what nodemailer
 * produces (multipart/alternative, 7bit, quoted-printable, base64, RFC 2047 words in headers),
 * which is all a newcomer or a test needs to find, say, the link in a password-reset mail.
 */
export interface ReadMail {
  /** Header names in lower case; values unfolded and decoded. */
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  messageId: string;
  text: string | null;
  html: string | null;
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { head: raw, body: '' };
  return { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) };
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[bqBQ]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([bqBQ])\?([^?]*)\?=/g, (_all, charset: string, encoding: string, data: string) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64')
          : qpBytes(data.replace(/_/g, ' '), { soft: false });
      return new TextDecoder(charset).decode(bytes);
    });
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function qpBytes(value: string, options: { soft: boolean }): Buffer {
  const text = options.soft ? value.replace(/=\r?\n/g, '') : value;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function parameter(headerValue: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(headerValue);
  return match?.[1] ?? null;
}

function decodeBody(body: string, headers: Record<string, string>): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = parameter(headers['content-type'] ?? '', 'charset') ?? 'utf-8';
  let bytes: Buffer;
  if (encoding === 'quoted-printable') bytes = qpBytes(body, { soft: true });
  else if (encoding === 'base64') bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  else bytes = Buffer.from(body, 'utf8');
  // Line ends as written by the app, whether the message went over SMTP (CRLF) or to a file.
  return new TextDecoder(charset).decode(bytes).replace(/\r\n/g, '\n');
}

function collectParts(
  raw: string,
  found: { text: string | null; html: string | null },
): Record<string, string> {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const contentType = headers['content-type'] ?? 'text/plain';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? 'text/plain';
  if (mediaType.startsWith('multipart/')) {
    const boundary = parameter(contentType, 'boundary');
    if (boundary) {
      const sections = body.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break;
        collectParts(section.replace(/^\r?\n/, '').replace(/\r?\n$/, ''), found);
      }
    }
  } else if (mediaType === 'text/plain' && found.text === null) {
    found.text = decodeBody(body, headers);
  } else if (mediaType === 'text/html' && found.html === null) {
    found.html = decodeBody(body, headers);
  }
  return headers;
}

export function readMail(raw: string | Buffer): ReadMail {
  const found = { text: null as string | null, html: null as string | null };
  const headers = collectParts(typeof raw === 'string' ? raw : raw.toString('utf8'), found);
  return {
    headers,
    from: headers.from ?? '',
    to: headers.to ?? '',
    subject: headers.subject ?? '',
    messageId: headers['message-id'] ?? '',
    ...found,
  };
}

/** Every .eml file in the directory, oldest first (the names start with the time the mail was queued). */
export async function readMailDir(dir: string): Promise<Array<ReadMail & { file: string }>> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => ({ file, ...readMail(await readFile(path.join(dir, file))) })),
  );
}
