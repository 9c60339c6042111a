import { availableParallelism } from 'node:os';
import sharp, { type OutputInfo } from 'sharp';
import {
  UPLOAD_MAIN_MAX_WIDTH,
  UPLOAD_VARIANT_WIDTHS,
  type UploadVariantWidth,
} from '../../../shared/upload-images';
import { readHead } from '../../platform/storage/files';
import { detectImageType, type ImageType } from './image-type';

/**
 * Largest picture we decode, in pixels: a 48-megapixel phone photo fits. The header is checked before
 * any pixel is decoded, so a small file that claims a huge canvas (a decompression bomb) costs nothing.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/** A tall image's main file stops at this height (WebP cannot exceed 16383 px a side). */
const MAX_HEIGHT_PER_WIDTH = 4;

const SHARP_FORMAT: Record<ImageType['ext'], string> = { jpg: 'jpeg', png: 'png', gif: 'gif', webp: 'webp' };

export type ImageRefusal = 'notAnImage' | 'tooManyPixels';

export class ImageRefusedError extends Error {
  constructor(readonly reason: ImageRefusal) {
    super(reason);
  }
}

export interface EncodedFile {
  /** undefined for the main image */
  width: UploadVariantWidth | undefined;
  data: Buffer;
  pixelWidth: number;
  pixelHeight: number;
}

async function sniff(file: string): Promise<ImageType | null> {
  return detectImageType(await readHead(file));
}

/**
 * Decodes the picture once, upright (EXIF orientation applied), to bare pixels, and encodes fresh WebP
 * files from those pixels: the main image and one per variant width. Nothing of the uploaded bytes
 * survives but the picture: no EXIF, GPS, XMP or ICC block, and no payload appended to or hidden in
 * the file (a JPEG/PNG/GIF polyglot). Only the first frame of an animated GIF or WebP is kept: every
 * place that shows uploads is a still photo or logo, and animation would multiply the stored bytes.
 */
export async function encodeUpload(file: string): Promise<EncodedFile[]> {
  return withDecodeSlot(() => encode(file));
}

/** Runs `work` (a decode) once one of this process's few decode slots is free. */
export async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  await acquireSlot();
  try {
    return await work();
  } finally {
    releaseSlot();
  }
}

/**
 * Images decoded at once in this process. Each decode may take a few hundred megabytes and a core
 * for a second; thirty users uploading together wait their turn instead of exhausting memory.
 */
const MAX_CONCURRENT = Math.max(1, Math.min(4, availableParallelism()));
let running = 0;
const waiting: Array<() => void> = [];

function acquireSlot(): Promise<void> {
  if (running < MAX_CONCURRENT) {
    running += 1;
    return Promise.resolve();
  }
  return new Promise((resolve) => waiting.push(resolve));
}

function releaseSlot(): void {
  const next = waiting.shift();
  // The slot passes straight to the next waiter, so `running` stays the same.
  if (next) next();
  else running -= 1;
}

async function encode(file: string): Promise<EncodedFile[]> {
  // Only the four web formats are ever handed to the decoder: sharp also reads SVG, TIFF and
  // others whose parsers we have no reason to expose.
  const type = await sniff(file);
  if (!type) throw new ImageRefusedError('notAnImage');

  const input = sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    const meta = await input.metadata();
    if (meta.format !== SHARP_FORMAT[type.ext]) throw new ImageRefusedError('notAnImage');
    if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS)
      throw new ImageRefusedError('tooManyPixels');
    pixels = await input
      .rotate()
      .resize({
        width: UPLOAD_MAIN_MAX_WIDTH,
        height: UPLOAD_MAIN_MAX_WIDTH * MAX_HEIGHT_PER_WIDTH,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .timeout({ seconds: 30 })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof ImageRefusedError) throw error;
    // sharp reports undecodable input as plain Errors; all of them mean the file is not a usable image.
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageRefusedError('tooManyPixels');
    }
    throw new ImageRefusedError('notAnImage');
  }

  const { width, height, channels } = pixels.info;
  const raw = { width, height, channels: channels as 1 | 2 | 3 | 4 };
  const encode = async (target: UploadVariantWidth | undefined): Promise<EncodedFile> => {
    let pipeline = sharp(pixels.data, { raw });
    if (target !== undefined) {
      pipeline = pipeline.resize({
        width: target,
        height: target * MAX_HEIGHT_PER_WIDTH,
        fit: 'inside',
        withoutEnlargement: true,
      });
    }
    const out = await pipeline.webp({ quality: 82, effort: 4 }).toBuffer({ resolveWithObject: true });
    return { width: target, data: out.data, pixelWidth: out.info.width, pixelHeight: out.info.height };
  };
  // The four encodes share nothing but the pixels: run together, they take the time of the largest
  // on a machine with a core for each (sharp runs each on its own thread of libuv's pool).
  return Promise.all([undefined, ...UPLOAD_VARIANT_WIDTHS].map(encode));
}
