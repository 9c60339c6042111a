import { stat, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { ATTACHMENT_FIELD, ATTACHMENT_MESSAGES } from '../../../shared/attachments';
import { LIMITS } from '../../../shared/constants';
import type { AttachmentContentType } from '../../platform/db/types';
import { readHead } from '../../platform/storage/files';
import { detectImageType } from '../uploads/image-type';
import { MAX_INPUT_PIXELS, withDecodeSlot } from '../uploads/process-image';

export { ATTACHMENT_FIELD, ATTACHMENT_MESSAGES };

const EXTENSIONS: Record<AttachmentContentType, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/png': ['png'],
  'image/gif': ['gif'],
  'application/pdf': ['pdf'],
};

/** Attachment formats, recognised by their first bytes rather than by the name or declared type. */
export function detectAttachmentType(head: Uint8Array): AttachmentContentType | null {
  if (head.length >= 5 && Buffer.from(head.subarray(0, 5)).toString('latin1') === '%PDF-') {
    return 'application/pdf';
  }
  const image = detectImageType(head);
  // WebP is an image upload format, not one of the spec's attachment types.
  return image && image.mime !== 'image/webp' ? image.mime : null;
}

/** Control characters, line separators and bidirectional overrides ("photo\u202Egpj.exe"). */
const UNSAFE_IN_NAME = /[\p{Cc}\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const NAME_MAX = 255;

/**
 * The name an attachment is shown and downloaded under: the uploaded name without path parts or
 * control characters, at most 255 characters, ending in an extension of its real type (a PNG sent
 * as "plan.pdf" downloads as "plan.png"). It is only ever displayed; files are stored by id.
 */
export function displayName(raw: string | undefined, type: AttachmentContentType): string {
  const extensions = EXTENSIONS[type];
  const base =
    (raw ?? '')
      .normalize('NFC')
      .replace(UNSAFE_IN_NAME, '')
      .split(/[\\/]/)
      .pop()
      ?.replace(/^[.\s]+|[.\s]+$/g, '') ?? '';
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1) : '';
  const fits = extensions.includes(ext.toLowerCase());
  const knownOther = !fits && Object.values(EXTENSIONS).some((list) => list.includes(ext.toLowerCase()));
  // A name ending in the extension of another type loses it; an unknown one ("report.v2") is kept.
  const stem = (fits || knownOther ? base.slice(0, dot) : base).trimEnd() || 'attachment';
  const suffix = `.${fits ? ext : extensions[0]}`;
  // Counted in code points, as PostgreSQL counts the column's 255 characters.
  const room = NAME_MAX - [...suffix].length;
  const chars = [...stem];
  return (chars.length > room ? chars.slice(0, room).join('').trimEnd() : stem) + suffix;
}

/** RFC 5987 attr-chars stay; everything else is percent-encoded as UTF-8. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Content-Disposition per RFC 6266: an ASCII `filename` for old clients (accents dropped, other
 * characters, quotes, backslashes and % replaced) and the exact name as `filename*`.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

export class AttachmentRefusedError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export interface PreparedAttachment {
  contentType: AttachmentContentType;
  /** The file to store: the received one, or its re-encoded copy. */
  file: string;
  bytes: number;
}

const SHARP_FORMAT: Record<Exclude<AttachmentContentType, 'application/pdf'>, string> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/gif': 'gif',
};

/**
 * Judges a received file by its first bytes and makes it fit to hand to the other party. JPEG and
 * PNG are re-encoded in their own format, upright and with no metadata (a phone photo must not carry
 * the family's GPS position to a vendor); GIF (which may be animated) and PDF are kept byte for
 * byte, and are served so that a browser never runs anything in them (see attachments.routes.ts).
 * A re-encoded copy is written to `encodedTarget`.
 */
export async function prepareAttachment(
  received: string,
  encodedTarget: string,
): Promise<PreparedAttachment> {
  const head = await readHead(received);
  if (head.length === 0) throw new AttachmentRefusedError(400, ATTACHMENT_MESSAGES.empty);
  const contentType = detectAttachmentType(head);
  if (!contentType) throw new AttachmentRefusedError(400, ATTACHMENT_MESSAGES.notThatKind);
  if (contentType === 'application/pdf') {
    return { contentType, file: received, bytes: (await stat(received)).size };
  }

  const input = sharp(received, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
  let encoded: Buffer;
  try {
    // Only the header is read here: a file that claims a huge canvas is refused before any decoding.
    const meta = await input.metadata();
    if (meta.format !== SHARP_FORMAT[contentType]) {
      throw new AttachmentRefusedError(400, ATTACHMENT_MESSAGES.notThatKind);
    }
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
      throw new AttachmentRefusedError(400, ATTACHMENT_MESSAGES.tooManyPixels);
    }
    if (contentType === 'image/gif') {
      return { contentType, file: received, bytes: (await stat(received)).size };
    }
    const upright = input.rotate().timeout({ seconds: 30 });
    const encoder = contentType === 'image/jpeg' ? upright.jpeg({ quality: 90 }) : upright.png();
    // sharp writes no metadata unless asked to (withMetadata/keepExif): EXIF, GPS, XMP, ICC and
    // comments stay behind, and the orientation tag is applied to the pixels.
    encoded = await withDecodeSlot(() => encoder.toBuffer());
  } catch (error) {
    if (error instanceof AttachmentRefusedError) throw error;
    // sharp reports undecodable input as plain Errors; all of them mean the file is not a usable image.
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new AttachmentRefusedError(400, ATTACHMENT_MESSAGES.tooManyPixels);
    }
    throw new AttachmentRefusedError(400, ATTACHMENT_MESSAGES.damaged);
  }
  // A rare photo grows when re-encoded; the stored file keeps the same 10 MB bound.
  if (encoded.length > LIMITS.attachmentBytes) {
    throw new AttachmentRefusedError(413, ATTACHMENT_MESSAGES.tooLarge);
  }
  // Outside the try: a full disk is the server's failure, not a bad file.
  await writeFile(encodedTarget, encoded, { flag: 'wx' });
  return { contentType, file: encodedTarget, bytes: encoded.length };
}
