import { readdir } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../db/factories';
import { createHarness, type TestHarness } from '../test/harness';
import { detectImageType } from './image-type';

let h: TestHarness;
let app: FastifyInstance;
let cookie: string;
beforeAll(async () => {
  h = await createHarness();
  app = await h.app();
  const user = await createUser(h.db);
  cookie = await h.cookieFor(user.id);
});
afterAll(async () => {
  await h.close();
});

const PNG = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);

function multipart(field: string, filename: string, contentType: string, content: Buffer) {
  const boundary = `----simchahub${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(body: ReturnType<typeof multipart>, withCookie = true) {
  return app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { ...body.headers, ...(withCookie ? { cookie } : {}) },
    payload: body.payload,
  });
}

describe('image upload', () => {
  it('stores a real image under a generated name and serves it back with its type and nosniff', async () => {
    const content = Buffer.concat([PNG, Buffer.alloc(2048, 7)]);
    const res = await upload(multipart('image', '../../etc/passwd.png', 'application/octet-stream', content));
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(content)).toBe(true);
  });

  it('accepts an image just under 5 MB', async () => {
    const content = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024 - JPEG.length, 1)]);
    const res = await upload(multipart('image', 'big.jpg', 'image/jpeg', content));
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/\.jpg$/);
  });

  it('refuses a file over 5 MB with 413 and keeps nothing', async () => {
    const before = await readdir(h.deps.config.uploadsDir);
    const content = Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const res = await upload(multipart('image', 'huge.jpg', 'image/jpeg', content));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'Image must be smaller than 5MB' },
    });
    expect(await readdir(h.deps.config.uploadsDir)).toEqual(before);
  });

  it('refuses a disguised file whatever its name and declared type', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload(multipart('image', 'cat.png', 'image/png', html));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'BAD_REQUEST', message: 'Please select a valid image file' },
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(multipart('image', 'x.svg', 'image/svg+xml', svg))).statusCode).toBe(400);
  });

  it('refuses a wrong field name, a non-multipart body and anonymous callers', async () => {
    expect((await upload(multipart('file', 'a.png', 'image/png', PNG))).statusCode).toBe(400);
    const notMultipart = await app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(notMultipart.statusCode).toBe(400);
    const anon = await upload(multipart('image', 'a.png', 'image/png', PNG), false);
    expect(anon.statusCode).toBe(401);
  });

  it('serves only generated names', async () => {
    for (const url of [
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/readme.txt',
      `/uploads/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}.png`,
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});

describe('detectImageType', () => {
  it('knows the four formats by their bytes', () => {
    expect(detectImageType(PNG)?.mime).toBe('image/png');
    expect(detectImageType(JPEG)?.mime).toBe('image/jpeg');
    expect(detectImageType(Buffer.from('GIF89a....'))?.mime).toBe('image/gif');
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))?.mime).toBe('image/webp');
    expect(detectImageType(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
