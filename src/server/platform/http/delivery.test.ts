import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app';
import { createVendor } from '../../demo/factories';
import { createHarness, type TestHarness } from '../../test/harness';
import { SseConnection } from '../../test/sse-client';

let h: TestHarness;
let app: FastifyInstance;
let clientDir: string;
let base: string;
let vendorIds: string[];

/** A built index.html as Vite writes it: title, description, the entry script and its preloads. */
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="SimchaHub: plan weddings, bar and bat mitzvahs and engagements." />
    <meta name="theme-color" content="#1e3a8a" />
    <title>SimchaHub · Plan your simcha</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
${Array.from({ length: 8 }, (_, i) => `    <link rel="modulepreload" crossorigin href="/assets/chunk-${i}-abc123.js">`).join('\n')}
    <link rel="stylesheet" crossorigin href="/assets/index-abc123.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** Script text big enough to be worth compressing. */
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i}`))};\n`;

beforeAll(async () => {
  h = await createHarness();
  clientDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-client-'));
  await mkdir(path.join(clientDir, 'assets'));
  await writeFile(path.join(clientDir, 'index.html'), INDEX_HTML);
  // As the build writes them: the file, and its brotli and gzip copies beside it.
  const script = path.join(clientDir, 'assets', 'index-abc123.js');
  await writeFile(script, SCRIPT);
  await writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await writeFile(`${script}.gz`, gzipSync(SCRIPT));
  // A picture: never compressed again.
  await writeFile(path.join(clientDir, 'assets', 'photo-abc123.webp'), Buffer.alloc(4096, 7));
  app = await buildServer({ ...h.deps, config: { ...h.deps.config, clientDir } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // Enough listings that the marketplace's first page is well over 1 KB of JSON.
  vendorIds = [];
  for (let i = 0; i < 12; i++) {
    const v = await createVendor(h.db, {
      businessName: `Delivery Hall ${i}`,
      category: 'Venues',
      city: 'Brooklyn',
      description: 'A hall with a garden for the chuppah and room for four hundred guests.',
    });
    vendorIds.push(v.id);
  }
});
afterAll(async () => {
  await app.close();
  await h.close();
  await rm(clientDir, { recursive: true, force: true });
});

function decoded(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

const VENDORS_URL = '/api/vendors?page_size=12';

describe('compressed answers', () => {
  it('sends the API answer in brotli, gzip or plain, as the client accepts', async () => {
    const cases = [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const;
    let plain: string | null = null;
    for (const [accept, expected] of cases) {
      const res = await app.inject({
        method: 'GET',
        url: VENDORS_URL,
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      const body = decoded(expected, res.rawPayload);
      expect(JSON.parse(body).items.length, accept).toBeGreaterThan(0);
      if (expected === undefined) {
        plain ??= body;
        expect(res.rawPayload.length).toBeGreaterThan(1024);
      } else {
        expect(res.rawPayload.length, accept).toBeLessThan(
          Buffer.byteLength(decoded(expected, res.rawPayload)),
        );
      }
    }
    expect(plain).not.toBeNull();
  });

  it('compresses tRPC answers too', async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { page_size: 12 } }));
    const res = await app.inject({
      method: 'GET',
      url: `/trpc/vendors.list?input=${input}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded('gzip', res.rawPayload)).result.data.json.items.length).toBeGreaterThan(0);
  });

  it('leaves small answers plain', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().status).toBeDefined();
  });

  it('never compresses the live event streams, REST or tRPC', async () => {
    const party = await h.signedIn('customer');
    const cookie = await h.cookieFor(party.user.id);
    const input = encodeURIComponent(JSON.stringify({ json: {} }));
    for (const url of [`${base}/api/messages/events`, `${base}/trpc/messages.events?input=${input}`]) {
      const { stream, refused } = await SseConnection.open(url, { cookie, 'accept-encoding': 'br, gzip' });
      if (!stream) throw new Error(`expected a stream from ${url}, got ${refused.status}: ${refused.body}`);
      try {
        expect(stream.headers['content-encoding'], url).toBeUndefined();
        expect(stream.headers['content-type'], url).toMatch(/^text\/event-stream/);
        expect(stream.headers['cache-control'], url).toMatch(/no-transform/);
        // Readable as it comes: the first event (the unread totals) arrives as plain text.
        const first = await stream.next(5000);
        expect(first, url).not.toBeNull();
      } finally {
        stream.close();
      }
    }
  });
});

describe('the built web app', () => {
  it('serves the build-time brotli or gzip copy of an asset, immutable', async () => {
    for (const [accept, expected] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const res = await app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(expected);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(decoded(expected, res.rawPayload), accept).toBe(SCRIPT);
    }
  });

  it('sends pictures as they are', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/photo-abc123.webp',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(4096);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses the page itself, which is never cached', async () => {
    for (const url of ['/', '/marketplace', `/vendor/${vendorIds[0]}`, '/dashboard']) {
      for (const [accept, expected] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        expect(res.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers.vary, url).toMatch(/accept-encoding/i);
        const html = decoded(expected, res.rawPayload);
        expect(html, url).toContain('<div id="root"></div>');
        expect(html, url).toContain('<script type="module" crossorigin src="/assets/index-abc123.js">');
        // One title and one description: the page's own replace the template's.
        expect(html.match(/<title>/g), url).toHaveLength(1);
        expect(html.match(/<meta name="description"/g), url).toHaveLength(1);
      }
    }
  });
});
