import { describe, expect, it } from 'vitest';
import { buildServer } from '../../app';
import { createUser } from '../../demo/factories';
import { MarketplaceCache } from '../../domains/vendors/marketplace-cache';
import { harnessForFile } from '../../test/harness';
import { createPostgresDb } from '../db/create-db';
import { loadConfig } from '../env';
import { messageCodeFields } from './errors';

const h = harnessForFile();

const login = (user: { email: string; password: string }) =>
  JSON.stringify({ email: user.email, password: user.password });

describe('cross-origin mutations', () => {
  it.each([
    ['/api/auth/login', { origin: 'https://evil.example' }],
    ['/api/auth/login', { 'sec-fetch-site': 'cross-site' }],
    ['/api/auth/login', { 'sec-fetch-site': 'same-site' }],
    ['/trpc/auth.login', { origin: 'https://evil.example' }],
    ['/api/auth/login', { origin: 'null' }],
  ])('refuses POST %s with %j', async (url, headers) => {
    const user = await createUser(h.db);
    const res = await h.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: url.startsWith('/trpc') ? JSON.stringify({ json: JSON.parse(login(user)) }) : login(user),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: {
        code: 'FORBIDDEN',
        message: 'Cross-origin requests may not change data on this server',
        ...messageCodeFields('Cross-origin requests may not change data on this server'),
      },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    '/%61pi/auth/login',
    '/%74rpc/auth.login',
    '/API/auth/login',
    '//api/auth/login',
    '/api/../api/auth/login',
    '/uploads/x',
    '/not-an-api-path',
  ])('refuses a cross-origin POST to %s whatever the path looks like', async (url) => {
    const user = await createUser(h.db);
    const res = await h.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: login(user),
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['a cross-origin form-encoded post', '/api/auth/logout', { origin: 'https://evil.example' }, 'a=1', 403],
    [
      'a same-origin form-encoded post as an unsupported type, not as a success',
      '/api/auth/login',
      { host: 'localhost:80' },
      'email=a%40b.co&password=secret1',
      415,
    ],
  ])('refuses %s', async (_, url, headers, payload, status) => {
    const res = await h.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload,
    });
    expect(res.statusCode).toBe(status);
  });

  it('accepts same-origin browser calls and non-browser clients', async () => {
    const user = await createUser(h.db);
    const sameOrigin = await h.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        'content-type': 'application/json',
        host: 'app.test:3000',
        origin: 'http://app.test:3000',
        'sec-fetch-site': 'same-origin',
      },
      payload: login(user),
    });
    expect(sameOrigin.statusCode).toBe(200);
    const curl = await h.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: login(user),
    });
    expect(curl.statusCode).toBe(200);
  });

  it('accepts an origin listed in TRUSTED_ORIGINS', async () => {
    const trusted = await buildServer({
      ...h.deps,
      config: { ...h.deps.config, trustedOrigins: ['http://localhost:5173'] },
      marketplace: new MarketplaceCache(),
    });
    try {
      const user = await createUser(h.db);
      const res = await trusted.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
        payload: login(user),
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await trusted.close();
    }
  });

  it('lets cross-origin GETs read only public data (no state change)', async () => {
    const res = await h.request('GET', '/api/health', null, undefined, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a CSP with object-src none and frame-ancestors, and the usual hardening headers', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('health', () => {
  it('is 200 when the database answers', async () => {
    const res = await h.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('is 503 when it does not', async () => {
    const unreachable = createPostgresDb('postgres://postgres@127.0.0.1:9/none', { max: 1 });
    const broken = await buildServer({ ...h.deps, db: unreachable.db });
    try {
      const res = await broken.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await broken.close();
      await unreachable.db.destroy();
    }
  });
});

describe('client addresses behind a proxy', () => {
  const seenAddress = async (trustProxy: string, forwardedFor: string) => {
    const config = { ...h.deps.config, trustProxy: loadConfig({ TRUST_PROXY: trustProxy }).trustProxy };
    const server = await buildServer({ ...h.deps, config });
    try {
      server.get('/api/test-ip', async (req) => ({ ip: req.ip }));
      const res = await server.inject({
        method: 'GET',
        url: '/api/test-ip',
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': forwardedFor },
      });
      return res.json().ip as string;
    } finally {
      await server.close();
    }
  };

  it('believes only the configured hops, so a client cannot choose its own address', async () => {
    // The client wrote 6.6.6.6; the one proxy appended the address it really saw.
    expect(await seenAddress('1', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await seenAddress('true', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await seenAddress('10.0.0.0/8', '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await seenAddress('false', '6.6.6.6, 203.0.113.9')).toBe('10.0.0.5');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY must be/);
  });
});

describe('reverse geocoding', () => {
  it('lets the browser reach the configured service, and tells the client its address', async () => {
    const configured = await buildServer({
      ...h.deps,
      config: { ...h.deps.config, reverseGeocodeUrl: 'https://geo.example.org/reverse' },
    });
    try {
      const res = await configured.inject({ method: 'GET', url: '/api/health' });
      expect(String(res.headers['content-security-policy'])).toContain(
        "connect-src 'self' https://geo.example.org",
      );
      const config = await configured.inject({ method: 'GET', url: '/trpc/meta.clientConfig' });
      expect(config.json().result.data.json).toEqual({
        reverseGeocodeUrl: 'https://geo.example.org/reverse',
        unconfirmedQuotaBytes: 20 * 1024 * 1024,
      });
    } finally {
      await configured.close();
    }
  });
});
