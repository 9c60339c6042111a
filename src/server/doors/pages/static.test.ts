import { describe, expect, it } from 'vitest';
import { createEvent, createUser, createVendor } from '../../demo/factories';
import { builtClientForFile } from '../../test/client-build';
import { expectJsonNotFound } from '../../test/rejection';

const INDEX_HTML =
  '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';

const client = builtClientForFile({
  'index.html': INDEX_HTML,
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

  it("answers every page of the route table 200, and any other path 404 with the app's page", async () => {
    const owner = await createUser(client.h.db);
    const event = await createEvent(client.h.db, owner.id, { isPublic: true });
    const vendor = await createVendor(client.h.db, { businessName: 'Found Florist' });
    for (const url of [
      '/',
      '/marketplace',
      '/marketplace/?category=Venues',
      `/vendor/${vendor.id}`,
      `/share/${event.shareId}`,
      // A link that is no longer shared is the page's own message, as is any invitation label.
      '/share/00000000-0000-4000-8000-000000000000',
      '/invite/Cohen%20family',
      '/confirm-email?token=abc',
      '/reset-password?token=abc',
      '/About',
      '/dashboard',
      '/admin-dashboard',
    ]) {
      const res = await client.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
    for (const method of ['GET', 'HEAD'] as const) {
      for (const url of [
        '/no-such-page',
        '/vendors',
        '/dashboard/extra',
        '/vendor',
        '/login-customer/x?y=1',
      ]) {
        const res = await client.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/text\/html/);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        if (method === 'GET') {
          expect(res.body, url).toContain('<div id="root"></div>');
          expect(res.body, url).toContain('<title>Page not found · SimchaHub</title>');
        }
      }
    }
  });

  it('answers a listing that is not there, or hidden, 404 with the page that says so', async () => {
    const hidden = await createVendor(client.h.db, {
      businessName: 'Hidden Florist',
      hidden: true,
      hiddenAt: new Date(),
    });
    for (const id of [hidden.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      const res = await client.app.inject({ method: 'GET', url: `/vendor/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.headers['content-type'], id).toMatch(/text\/html/);
      expect(res.body, id).toContain('<div id="root"></div>');
      expect(res.body, id).not.toContain('Hidden Florist');
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
