import { describe, expect, it } from 'vitest';
import { builtClientForFile } from '../../test/client-build';
import { expectJsonNotFound } from '../../test/rejection';

const client = builtClientForFile({
  'index.html': '<!doctype html><div id="root"></div>',
  'assets/main-abc123.js': 'console.log(1)',
  'assets/main-abc123.js.map': '{"version":3}',
});

describe('the built web app', () => {
  it('answers every client route with index.html, never cached', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await client.app.inject({ method, url: '/events?event=1' });
      expect(res.statusCode, method).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves fingerprinted assets as immutable', async () => {
    const res = await client.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves source maps, and a missing asset is a 404 rather than the page', async () => {
    for (const url of ['/assets/main-abc123.js.map', '/assets/missing-123.js', '/anything.js.map']) {
      const res = await client.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('"version":3');
    }
  });

  it('keeps unknown API paths and non-GET methods as JSON 404s', async () => {
    for (const [method, url] of [
      ['GET', '/api/unknown'],
      ['GET', '/api'],
      ['DELETE', '/events'],
    ] as const) {
      expectJsonNotFound(await client.app.inject({ method, url }), `${method} ${url}`);
    }
  });
});
