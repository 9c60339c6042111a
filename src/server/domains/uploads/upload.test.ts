import { readdir, stat } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/constants';
import {
  UPLOAD_MAIN_MAX_WIDTH,
  UPLOAD_MESSAGES,
  UPLOAD_VARIANT_WIDTHS,
  uploadSrcSet,
} from '../../../shared/upload-images';
import { createUser } from '../../demo/factories';
import { messageCodeFields } from '../../platform/http/errors';
import { harnessForFile } from '../../test/harness';
import { onStore, STORE_DRIVERS, storedImagesOf, storeOf } from '../../test/stores';
import {
  animatedGif,
  gif,
  imageForm,
  multipartBody,
  PHONE_MARKERS,
  phoneJpeg,
  png,
  postUpload,
  webpChunks,
  withGifComment,
  withJpegComment,
  withPngChunk,
} from '../../test/uploads';
import { detectImageType } from './image-type';
import { imageKey, incomingDir } from './upload-files';

const h = harnessForFile();
let cookie: string;
let userId: string;
beforeAll(async () => {
  // Limits of their own are tested in upload-limits.test.ts; here every upload goes through.
  h.deps.config.limits.uploads = { max: 10_000, windowMs: 60_000 };
  const user = await createUser(h.db);
  userId = user.id;
  cookie = await h.cookieFor(user.id);
});

const upload = (body: ReturnType<typeof multipartBody>, withCookie = true) =>
  postUpload(h, body, withCookie ? cookie : undefined);

const uploadsDir = () => h.deps.config.uploadsDir;

async function storedNames(): Promise<string[]> {
  return (await readdir(uploadsDir())).filter((n) => n !== '.incoming').sort();
}

function expectProblem(res: Awaited<ReturnType<typeof upload>>, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().error.message).toBe(message);
}

describe.each(STORE_DRIVERS)('a phone photo (%s store)', (driver) => {
  onStore(h, driver);

  it('is stored upright as fresh WebP files with no EXIF, GPS or other metadata', async () => {
    const photo = await phoneJpeg(800, 600);
    // The fixture really carries what must go: otherwise this test could not fail.
    expect(photo.includes(PHONE_MARKERS.make)).toBe(true);
    expect(photo.includes(PHONE_MARKERS.gpsDatum)).toBe(true);
    expect((await sharp(photo).metadata()).orientation).toBe(6);

    const res = await upload(imageForm(photo));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);

    const files = await storedImagesOf(h, body.url);
    expect(files.size).toBe(4);
    for (const [name, file] of files) {
      for (const marker of Object.values(PHONE_MARKERS)) {
        expect(file.includes(marker), `${marker} in ${name}`).toBe(false);
      }
      expect(file.includes('Exif')).toBe(false);
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(webpChunks(file).filter((c) => !['VP8 ', 'VP8L', 'VP8X', 'ALPH'].includes(c))).toEqual([]);
    }
    // Turned upright: the sensor's 800 × 600 stands as 600 × 800.
    const main = await sharp(files.get(body.url.slice('/uploads/'.length))).metadata();
    expect([main.width, main.height]).toEqual([600, 800]);

    const served = await h.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.includes(PHONE_MARKERS.gpsDatum)).toBe(false);
  });
});

describe('stored sizes', () => {
  it('keeps a main image at most 1600 px wide and variants 320, 640 and 1280 px wide', async () => {
    const res = await upload(imageForm(await png(2400, 1200), 'wide.png', 'image/png'));
    expect(res.statusCode, res.body).toBe(201);
    const { url, srcset, variants } = res.json();
    expect(srcset).toBe(uploadSrcSet(url));
    expect(variants.map((v: { width: number }) => v.width)).toEqual([...UPLOAD_VARIANT_WIDTHS]);

    const files = await storedImagesOf(h, url);
    const sizes = new Map<string, [number | undefined, number | undefined]>();
    for (const [name, file] of files) {
      const meta = await sharp(file).metadata();
      sizes.set(name, [meta.width, meta.height]);
    }
    const id = url.slice('/uploads/'.length, -'.webp'.length);
    expect(sizes.get(`${id}.webp`)).toEqual([UPLOAD_MAIN_MAX_WIDTH, 800]);
    expect(sizes.get(`${id}-320.webp`)).toEqual([320, 160]);
    expect(sizes.get(`${id}-640.webp`)).toEqual([640, 320]);
    expect(sizes.get(`${id}-1280.webp`)).toEqual([1280, 640]);
    for (const variant of variants) {
      const served = await h.inject({ method: 'GET', url: variant.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toContain('immutable');
    }
  });

  it('never enlarges a small image but still writes every variant name', async () => {
    const res = await upload(imageForm(await png(500, 250), 'small.png', 'image/png'));
    expect(res.statusCode, res.body).toBe(201);
    const widths = [];
    for (const file of (await storedImagesOf(h, res.json().url)).values()) {
      widths.push((await sharp(file).metadata()).width);
    }
    expect(widths).toEqual([500, 320, 500, 500]);
  });

  it('keeps the first frame of an animated GIF, as a still WebP', async () => {
    const animation = await animatedGif();
    expect((await sharp(animation, { pages: -1 }).metadata()).pages).toBe(2);
    const res = await upload(imageForm(animation, 'party.gif', 'image/gif'));
    expect(res.statusCode, res.body).toBe(201);
    const [main] = (await storedImagesOf(h, res.json().url)).values();
    const meta = await sharp(main, { pages: -1 }).metadata();
    expect(meta.pages ?? 1).toBe(1);
    const { data } = await sharp(main).raw().toBuffer({ resolveWithObject: true });
    // Red, the first frame's colour.
    expect([data[0], data[1], data[2]]).toEqual([255, 0, 0]);
  });

  it('records the upload with the bytes of all its files', async () => {
    const res = await upload(imageForm(await png(900, 600), 'a.png', 'image/png'));
    const { url } = res.json();
    const files = await storedImagesOf(h, url);
    const total = [...files.values()].reduce((sum, f) => sum + f.length, 0);
    const row = await h.db
      .selectFrom('uploads')
      .selectAll()
      .where('name', '=', url.slice('/uploads/'.length))
      .executeTakeFirstOrThrow();
    expect(row.userId).toBe(userId);
    expect(row.bytes).toBe(total);
  });
});

describe('polyglot files', () => {
  const html = '<html><body><script>alert("POLYGLOT-HTML-PAYLOAD")</script></body></html>';
  const js = '*/=1;alert("POLYGLOT-JS-PAYLOAD");/*';
  // A ZIP local file header and name, as in a JPEG+ZIP polyglot.
  const zip = Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]),
    Buffer.from('POLYGLOT-ZIP-ENTRY.js'),
  ]);

  async function cases(): Promise<Array<[string, Buffer, string, string[]]>> {
    const jpeg = await phoneJpeg(320, 240);
    const pngImage = await png(320, 240);
    const gifImage = await gif(64, 48);
    return [
      ['JPEG + HTML', Buffer.concat([jpeg, Buffer.from(html)]), 'image/jpeg', ['POLYGLOT-HTML-PAYLOAD']],
      ['JPEG + ZIP', Buffer.concat([jpeg, zip]), 'image/jpeg', ['POLYGLOT-ZIP-ENTRY', 'PK\u0003\u0004']],
      [
        'JPEG comment with HTML',
        withJpegComment(jpeg, Buffer.from(html)),
        'image/jpeg',
        ['POLYGLOT-HTML-PAYLOAD'],
      ],
      ['PNG + HTML', Buffer.concat([pngImage, Buffer.from(html)]), 'image/png', ['POLYGLOT-HTML-PAYLOAD']],
      [
        'PNG text chunk with HTML',
        withPngChunk(pngImage, 'tEXt', Buffer.from(`Comment\0${html}`)),
        'image/png',
        ['POLYGLOT-HTML-PAYLOAD'],
      ],
      [
        'GIF/JS',
        Buffer.concat([withGifComment(gifImage, Buffer.from(html)), Buffer.from(js)]),
        'image/gif',
        ['POLYGLOT-HTML-PAYLOAD', 'POLYGLOT-JS-PAYLOAD'],
      ],
    ];
  }

  it('come out as fresh pixels only: no stored file holds the payload', async () => {
    for (const [label, file, type, markers] of await cases()) {
      for (const marker of markers) expect(file.includes(marker), `${label} fixture`).toBe(true);
      const res = await upload(imageForm(file, 'x.img', type));
      expect(res.statusCode, `${label}: ${res.body}`).toBe(201);
      for (const [name, stored] of await storedImagesOf(h, res.json().url)) {
        for (const marker of markers)
          expect(stored.includes(marker), `${label}: ${marker} in ${name}`).toBe(false);
        expect(stored.includes('<script'), `${label}: <script in ${name}`).toBe(false);
        expect(detectImageType(stored)?.ext).toBe('webp');
      }
    }
  });
});

describe('what is refused', () => {
  it('refuses files that are not one of the four image formats, whatever their name and type', async () => {
    const refused: Array<[string, Buffer]> = [
      ['html', Buffer.from('<html><script>alert(1)</script></html>')],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
      [
        'tiff',
        await sharp(await png(40, 40))
          .tiff()
          .toBuffer(),
      ],
      [
        'png signature over garbage',
        Buffer.concat([(await png(40, 40)).subarray(0, 16), Buffer.alloc(4096, 7)]),
      ],
      ['truncated jpeg header', (await phoneJpeg(100, 100)).subarray(0, 120)],
      ['empty file', Buffer.alloc(0)],
    ];
    const before = await storedNames();
    for (const [label, content] of refused) {
      const res = await upload(imageForm(content, 'cat.png', 'image/png'));
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 'BAD_REQUEST',
          message: 'Please select a valid image file',
          ...messageCodeFields('Please select a valid image file'),
        },
      });
    }
    expect(await storedNames()).toEqual(before);
    expect(await readdir(incomingDir(h.deps.config))).toEqual([]);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    // 400 KB on the wire, 12000 × 12000 pixels (432 MB) once decoded.
    const bomb = await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(LIMITS.imageUploadBytes);
    const res = await upload(imageForm(bomb, 'bomb.png', 'image/png'));
    expectProblem(res, 400, UPLOAD_MESSAGES.tooManyPixels);
  });

  it('accepts an image of exactly 5 MB', async () => {
    const base = await png(200, 100);
    const padding = LIMITS.imageUploadBytes - base.length - 12;
    const file = withPngChunk(base, 'prVt', Buffer.alloc(padding, 1));
    expect(file.length).toBe(LIMITS.imageUploadBytes);
    const res = await upload(imageForm(file, 'big.png', 'image/png'));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('refuses 5 MB and one byte with 413 and keeps nothing', async () => {
    const before = await storedNames();
    const base = await png(200, 100);
    const file = withPngChunk(base, 'prVt', Buffer.alloc(LIMITS.imageUploadBytes - base.length - 11, 1));
    expect(file.length).toBe(LIMITS.imageUploadBytes + 1);
    const res = await upload(imageForm(file, 'huge.png', 'image/png'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'Image must be smaller than 5MB',
        ...messageCodeFields('Image must be smaller than 5MB'),
      },
    });
    expect(await storedNames()).toEqual(before);
    expect(await readdir(incomingDir(h.deps.config))).toEqual([]);
  });

  it('refuses anonymous callers', async () => {
    const res = await upload(imageForm(await png(10, 10)), false);
    expect(res.statusCode).toBe(401);
  });
});

describe('streaming', () => {
  it('writes the file to disk while it arrives, and stops at 5 MB with a 413', async () => {
    const server = await h.app();
    await server.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.server.address() as AddressInfo;
    const before = await storedNames();
    const base = await png(200, 100);
    const file = withPngChunk(base, 'prVt', Buffer.alloc(LIMITS.imageUploadBytes - base.length - 11, 1));
    const body = imageForm(file, 'huge.png', 'image/png');
    const firstPart = body.payload.subarray(0, 3 * 1024 * 1024);

    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/upload',
          headers: { ...body.headers, cookie, 'content-length': body.payload.length },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(firstPart);
      // The rest is sent only once the first 3 MB are seen on disk: a server that buffers the body
      // would never write anything before the end, and this test would time out.
      void waitForIncomingBytes(2 * 1024 * 1024).then(
        () => req.end(body.payload.subarray(firstPart.length)),
        (error: unknown) => {
          req.destroy();
          reject(error);
        },
      );
    });

    const res = await response;
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.message).toBe('Image must be smaller than 5MB');
    expect(await readdir(incomingDir(h.deps.config))).toEqual([]);
    expect(await storedNames()).toEqual(before);
  });
});

async function waitForIncomingBytes(bytes: number): Promise<void> {
  const dir = incomingDir(h.deps.config);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const name of await readdir(dir)) {
      const info = await stat(path.join(dir, name)).catch(() => null);
      if (info && info.size >= bytes) return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no incoming file reached ${bytes} bytes`);
}

describe('malformed multipart bodies', () => {
  it('get a 400 that says what is wrong, never a 500', async () => {
    const image = await png(40, 40);
    const boundaryless = imageForm(image);
    const complete = imageForm(image);
    const cases: Array<[string, { headers: Record<string, string>; payload: Buffer | string }, string]> = [
      [
        'no boundary',
        { headers: { 'content-type': 'multipart/form-data' }, payload: boundaryless.payload },
        UPLOAD_MESSAGES.noBoundary,
      ],
      [
        'body cut short',
        { headers: complete.headers, payload: complete.payload.subarray(0, complete.payload.length - 200) },
        UPLOAD_MESSAGES.incomplete,
      ],
      [
        'no closing boundary',
        multipartBody([{ field: 'image', content: image, filename: 'a.png' }], { close: false }),
        UPLOAD_MESSAGES.incomplete,
      ],
      [
        'garbage',
        { headers: complete.headers, payload: 'this is not a multipart body at all' },
        UPLOAD_MESSAGES.incomplete,
      ],
      ['empty form', { headers: complete.headers, payload: '' }, UPLOAD_MESSAGES.noFile],
      [
        'wrong field',
        multipartBody([{ field: 'file', content: image, filename: 'a.png', contentType: 'image/png' }]),
        UPLOAD_MESSAGES.wrongField,
      ],
      [
        'field without a file',
        multipartBody([{ field: 'image', content: 'just text' }]),
        UPLOAD_MESSAGES.onlyImageField,
      ],
      [
        'two files',
        multipartBody([
          { field: 'image', content: image, filename: 'a.png', contentType: 'image/png' },
          { field: 'image', content: image, filename: 'b.png', contentType: 'image/png' },
        ]),
        UPLOAD_MESSAGES.oneFile,
      ],
      [
        'an extra field',
        multipartBody([
          { field: 'image', content: image, filename: 'a.png', contentType: 'image/png' },
          { field: 'caption', content: 'hello' },
        ]),
        UPLOAD_MESSAGES.onlyImageField,
      ],
      [
        'a prototype field name',
        multipartBody([{ field: '__proto__', content: image, filename: 'a.png' }]),
        UPLOAD_MESSAGES.onlyImageField,
      ],
      [
        'a part without a disposition',
        {
          headers: complete.headers,
          payload: `--${complete.headers['content-type']?.split('boundary=')[1]}\r\nContent-Type: image/png\r\n\r\nabc\r\n--${complete.headers['content-type']?.split('boundary=')[1]}--\r\n`,
        },
        UPLOAD_MESSAGES.noFile,
      ],
      [
        // The multipart parser stalls on this one for good (a part with no headers whose first line is
        // longer than 16 KB is never drained): answered as malformed once it has held the body 5 s.
        'a headerless part with a line longer than 16 KB',
        {
          headers: { 'content-type': 'multipart/form-data; boundary=+' },
          payload: Buffer.concat([
            Buffer.from(`--+\r\n\r\nX-Long: ${'h'.repeat(100_000)}\r\n\r\n`),
            image,
            Buffer.from('\r\n--+--\r\n'),
          ]),
        },
        UPLOAD_MESSAGES.malformed,
      ],
      [
        'JSON',
        { headers: { 'content-type': 'application/json' }, payload: '{"image":"x"' },
        UPLOAD_MESSAGES.notMultipart,
      ],
      [
        'plain text',
        { headers: { 'content-type': 'text/plain' }, payload: 'image' },
        UPLOAD_MESSAGES.notMultipart,
      ],
      [
        'raw image',
        { headers: { 'content-type': 'image/png' }, payload: image },
        UPLOAD_MESSAGES.notMultipart,
      ],
      [
        'multipart/mixed',
        {
          headers: { 'content-type': complete.headers['content-type']?.replace('form-data', 'mixed') ?? '' },
          payload: complete.payload,
        },
        UPLOAD_MESSAGES.notMultipart,
      ],
      ['no content type', { headers: {}, payload: image }, UPLOAD_MESSAGES.notMultipart],
    ];
    for (const [label, body, message] of cases) {
      const res = await h.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { ...body.headers, cookie },
        payload: body.payload,
      });
      expect(res.statusCode, `${label}: ${res.body}`).toBe(400);
      expect(res.json(), label).toEqual({
        error: { code: 'BAD_REQUEST', message, ...messageCodeFields(message) },
      });
    }
    expect(await readdir(incomingDir(h.deps.config))).toEqual([]);
  });
});

describe.each(STORE_DRIVERS)('serving (%s store)', (driver) => {
  onStore(h, driver);

  it('serves images stored before re-encoding under their own type, and only stored names', async () => {
    const legacy = '0b7c4d9e-1111-4a2b-9c3d-5e6f7a8b9c0d.jpg';
    const jpeg = await phoneJpeg(40, 30);
    await storeOf(h).put(imageKey(legacy), jpeg);
    const served = await h.inject({ method: 'GET', url: `/uploads/${legacy}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(jpeg)).toBe(true);

    // A WebP stored before variants existed: its srcset names files that were never written.
    const legacyWebp = await sharp(jpeg).webp().toBuffer();
    await storeOf(h).put(imageKey('5d2e8f0a-2222-4b3c-8d4e-6f7a8b9c0d1e.webp'), legacyWebp);
    const variant = await h.inject({
      method: 'GET',
      url: '/uploads/5d2e8f0a-2222-4b3c-8d4e-6f7a8b9c0d1e-640.webp',
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect(variant.rawPayload.equals(legacyWebp)).toBe(true);

    await storeOf(h).put(imageKey('0b7c4d9e-1111-4a2b-9c3d-5e6f7a8b9c0d-640.jpg'), jpeg);
    for (const url of [
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/readme.txt',
      '/uploads/.incoming',
      `/uploads/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.png`,
      // Variants are only ever WebP.
      '/uploads/0b7c4d9e-1111-4a2b-9c3d-5e6f7a8b9c0d-640.jpg',
      '/uploads/0b7c4d9e-1111-4a2b-9c3d-5e6f7a8b9c0d-500.webp',
      // No main image to stand in for the variant.
      '/uploads/0b7c4d9e-1111-4a2b-9c3d-5e6f7a8b9c0d-640.webp',
    ]) {
      expect((await h.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});

describe('detectImageType', () => {
  it('knows the four formats by their bytes', () => {
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.mime).toBe(
      'image/png',
    );
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.mime).toBe('image/jpeg');
    expect(detectImageType(Buffer.from('GIF89a....'))?.mime).toBe('image/gif');
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.mime).toBe('image/webp');
    expect(detectImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
