import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { UPLOAD_VARIANT_WIDTHS, uploadFileName, uploadIdOf } from '../../shared/upload-images';
import type { Injects } from './harness';

/** Real images and multipart bodies for the upload tests. */

export interface MultipartBody {
  payload: Buffer;
  headers: Record<string, string>;
}

export interface FormPart {
  field: string;
  content: Buffer | string;
  filename?: string;
  contentType?: string;
}

export function multipartBody(parts: FormPart[], options: { close?: boolean } = {}): MultipartBody {
  const boundary = `----simchahub${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.field}"`
        : `form-data; name="${part.field}"; filename="${part.filename}"`;
    const type = part.contentType ? `Content-Type: ${part.contentType}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content));
    chunks.push(Buffer.from('\r\n'));
  }
  if (options.close !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function imageForm(
  content: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
): MultipartBody {
  return multipartBody([{ field: 'image', content, filename, contentType }]);
}

export function postUpload(app: Injects, body: MultipartBody, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

/** A photo with some detail, so encoders cannot shrink it to nothing. */
export async function photoPixels(width: number, height: number): Promise<Sharp> {
  const channels = 3;
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      data[i] = (x * 255) / width;
      data[i + 1] = (y * 255) / height;
      data[i + 2] = ((x ^ y) & 0xff) % 200;
    }
  }
  return sharp(data, { raw: { width, height, channels } });
}

export const PHONE_MARKERS = {
  make: 'SimchaPhoneMaker',
  model: 'SimchaPhone 15 Pro',
  gpsDatum: 'SIMCHA-GPS-DATUM-31.7683N-35.2137E',
};

/**
 * A JPEG as a phone writes it: EXIF with make and model, a GPS block (Jerusalem), and an orientation
 * tag saying the sensor's picture must be turned 90° to stand upright.
 */
export async function phoneJpeg(width = 800, height = 600): Promise<Buffer> {
  return (await photoPixels(width, height))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: PHONE_MARKERS.make, Model: PHONE_MARKERS.model },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '31/1 46/1 6/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '35/1 12/1 49/1',
        GPSMapDatum: PHONE_MARKERS.gpsDatum,
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export async function png(width: number, height: number): Promise<Buffer> {
  return (await photoPixels(width, height)).png().toBuffer();
}

export async function gif(width: number, height: number): Promise<Buffer> {
  return (await photoPixels(width, height)).gif().toBuffer();
}

/** Two frames, red then blue. */
export async function animatedGif(): Promise<Buffer> {
  const frame = (background: string) =>
    sharp({ create: { width: 60, height: 40, channels: 4, background } })
      .png()
      .toBuffer();
  return sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
    .gif({ loop: 0, delay: [100, 100] })
    .toBuffer();
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid PNG with an extra chunk right after IHDR (PNG signature 8 bytes + IHDR chunk 25 bytes). */
export function withPngChunk(image: Buffer, type: string, data: Buffer): Buffer {
  return Buffer.concat([image.subarray(0, 33), pngChunk(type, data), image.subarray(33)]);
}

/** A valid JPEG with a comment segment (COM) right after the start-of-image marker. */
export function withJpegComment(image: Buffer, text: Buffer): Buffer {
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([image.subarray(0, 2), header, text, image.subarray(2)]);
}

/** A valid GIF with a comment extension right after its global colour table. */
export function withGifComment(image: Buffer, text: Buffer): Buffer {
  const packed = image[10] ?? 0;
  const tableBytes = packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
  const at = 13 + tableBytes;
  const blocks: Buffer[] = [Buffer.from([0x21, 0xfe])];
  for (let i = 0; i < text.length; i += 255) {
    const piece = text.subarray(i, i + 255);
    blocks.push(Buffer.from([piece.length]), piece);
  }
  blocks.push(Buffer.from([0]));
  return Buffer.concat([image.subarray(0, at), ...blocks, image.subarray(at)]);
}

/** The chunk types of a WebP file (RIFF): VP8/VP8L/VP8X/ALPH for pixels, EXIF/XMP/ICCP for metadata. */
export function webpChunks(file: Buffer): string[] {
  if (file.toString('latin1', 0, 4) !== 'RIFF' || file.toString('latin1', 8, 12) !== 'WEBP') {
    throw new Error('not a WebP file');
  }
  const types: string[] = [];
  let at = 12;
  while (at + 8 <= file.length) {
    const type = file.toString('latin1', at, at + 4);
    const size = file.readUInt32LE(at + 4);
    types.push(type);
    at += 8 + size + (size % 2);
  }
  return types;
}

/** The main file and every variant of an upload, read from disk. */
export async function storedFilesOf(uploadsDir: string, url: string): Promise<Map<string, Buffer>> {
  const id = uploadIdOf(url);
  if (!id) throw new Error(`not an upload with variants: ${url}`);
  const names = [uploadFileName(id), ...UPLOAD_VARIANT_WIDTHS.map((w) => uploadFileName(id, w))];
  const files = new Map<string, Buffer>();
  for (const name of names) files.set(name, await readFile(path.join(uploadsDir, name)));
  return files;
}
