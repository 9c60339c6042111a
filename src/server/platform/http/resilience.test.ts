import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app';
import { harnessForFile, type TestHarness } from '../../test/harness';
import { createPostgresDb, type DbHandle } from '../db/create-db';
import { asServiceUnavailable, ServiceUnavailableError, unavailabilityOf } from '../db/db-errors';
import type { AppDeps } from '../trpc/context';
import { messageCodeFields } from './errors';
import { Lifecycle } from './resilience';

const h = harnessForFile();

/** A "database" that accepts connections and never says a word: the worst kind of slow. */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/none`,
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Runs `body` with a server of its own, made of the harness's dependencies with `changes`, and closes it. */
async function withServer(changes: Partial<AppDeps>, body: (app: FastifyInstance) => Promise<void>) {
  const app = await buildServer({ ...h.deps, ...changes });
  try {
    await body(app);
  } finally {
    await app.close();
  }
}

/** A server on a database that is not there (nothing listens on port 9). */
async function serverOn(handle: DbHandle, configChanges: Partial<TestHarness['deps']['config']> = {}) {
  return buildServer({
    ...h.deps,
    db: handle.db,
    config: { ...h.deps.config, ...configChanges },
  });
}

describe('database errors', () => {
  it('tells outages, slowness and a full queue from the caller’s own mistakes', () => {
    expect(unavailabilityOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      'unreachable',
    );
    expect(unavailabilityOf(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(
      'unreachable',
    );
    expect(unavailabilityOf(new Error('Connection terminated unexpectedly'))).toBe('unreachable');
    expect(unavailabilityOf(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe(
      'too-slow',
    );
    expect(unavailabilityOf(new Error('timeout exceeded when trying to connect'))).toBe('too-slow');
    // Wrapped, as tRPC wraps a procedure's error.
    expect(unavailabilityOf({ message: 'x', cause: { code: '08006', message: 'y' } })).toBe('unreachable');
    // The caller's faults and the server's bugs stay what they are.
    expect(unavailabilityOf(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBeNull();
    expect(unavailabilityOf(new TypeError('x is undefined'))).toBeNull();
    const plain = new Error('boom');
    expect(asServiceUnavailable(plain)).toBe(plain);
    const converted = asServiceUnavailable(Object.assign(new Error('x'), { code: 'ECONNRESET' }));
    expect(converted).toBeInstanceOf(ServiceUnavailableError);
    expect((converted as ServiceUnavailableError).retryAfterSeconds).toBeGreaterThan(0);
  });
});

describe('a database that is down', () => {
  let handle: DbHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    handle = createPostgresDb('postgres://postgres@127.0.0.1:9/none', {
      max: 2,
      onConnectionError: () => {},
    });
    app = await serverOn(handle);
  });
  afterAll(async () => {
    await app.close();
    await handle.db.destroy();
  });

  it('answers health 503 saying the database is unreachable, with Retry-After', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database is unreachable',
        ...messageCodeFields('The database is unreachable'),
      },
    });
  });

  it('answers REST 503 with Retry-After in the app’s error format, not 500', async () => {
    for (const url of ['/api/vendors', '/api/vendors/featured']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(res.json().error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The database is not reachable right now. Please try again in a moment.',
        ...messageCodeFields('The database is not reachable right now. Please try again in a moment.'),
      });
    }
    // The session lookup itself meets the outage: still 503.
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: 'simchahub_session=abc' },
    });
    expect(me.statusCode).toBe(503);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'whatever-long' },
    });
    expect(login.statusCode).toBe(503);
  });

  it('answers tRPC 503 with Retry-After, whether the procedure or the session lookup fails', async () => {
    const query = await app.inject({ method: 'GET', url: '/trpc/vendors.featured' });
    expect(query.statusCode).toBe(503);
    expect(Number(query.headers['retry-after'])).toBeGreaterThan(0);
    // tRPC answers through superjson: the error shape sits under `json`.
    expect(query.json().error.json.data.code).toBe('SERVICE_UNAVAILABLE');
    expect(query.json().error.json.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(query.json().error.json.message).toBe(
      'The database is not reachable right now. Please try again in a moment.',
    );
    const withSession = await app.inject({
      method: 'GET',
      url: '/trpc/auth.me',
      headers: { cookie: 'simchahub_session=abc' },
    });
    expect(withSession.statusCode).toBe(503);
    expect(withSession.json().error.json.data.code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('a database that accepts connections and never answers', () => {
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let handle: DbHandle;
  let app: FastifyInstance;
  beforeAll(async () => {
    silent = await silentServer();
    handle = createPostgresDb(silent.url, {
      max: 1,
      queueMax: 1,
      connectTimeoutMs: 1500,
      onConnectionError: () => {},
    });
    app = await serverOn(handle, { healthTimeoutMs: 500 });
  });
  afterAll(async () => {
    await app.close();
    await handle.db.destroy();
    await silent.close();
  });

  it('answers health within its own timeout, saying the database is too slow', async () => {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toBe('The database is too slow: no answer within 500 ms');
    expect(elapsed).toBeLessThan(2000);
  });

  it('refuses at once, with 503, requests beyond the bounded queue for a connection', async () => {
    // One connection (stuck connecting) and one waiting request fill the pool and its queue.
    const first = app.inject({ method: 'GET', url: '/api/vendors' });
    const second = app.inject({ method: 'GET', url: '/api/vendors/featured' });
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    const third = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.com', password: 'whatever-long' },
    });
    expect(performance.now() - started).toBeLessThan(1000);
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.json().error.message).toBe('The server is busy right now. Please try again in a moment.');
    // The two that waited give up when the connection times out: 503 too, never 500.
    const [a, b] = await Promise.all([first, second]);
    expect([a.statusCode, b.statusCode]).toEqual([503, 503]);
  }, 15_000);
});

describe('answering quickly instead of late', () => {
  it('answers 503 in the app’s format, closing the connection, while the server drains', async () => {
    const lifecycle = new Lifecycle();
    await withServer({ lifecycle }, async (app) => {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      lifecycle.beginDrain();
      expect(lifecycle.signal.aborted).toBe(true);
      for (const url of ['/api/health', '/api/vendors', '/trpc/vendors.featured']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers.connection).toBe('close');
        expect(res.headers['retry-after']).toBe('2');
        expect(res.json()).toEqual({
          error: {
            code: 'SERVICE_UNAVAILABLE',
            message: 'The server is restarting. Please try again in a moment.',
            ...messageCodeFields('The server is restarting. Please try again in a moment.'),
          },
        });
      }
    });
  });

  it('answers 503 when a request runs past REQUEST_TIMEOUT_MS', async () => {
    await withServer({ config: { ...h.deps.config, requestTimeoutMs: 200 } }, async (app) => {
      app.get('/api/test-slow', async (_req, reply) => {
        await new Promise((r) => setTimeout(r, 1000));
        if (!reply.sent) return reply.send({ late: true });
        return reply;
      });
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: '/api/test-slow' });
      expect(performance.now() - started).toBeLessThan(900);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The request took too long. Please try again in a moment.',
        ...messageCodeFields('The request took too long. Please try again in a moment.'),
      });
    });
  });

  it('does not answer a write early: it may still commit, so "try again" would be untrue', async () => {
    await withServer({ config: { ...h.deps.config, requestTimeoutMs: 200 } }, async (app) => {
      app.post('/api/test-slow-write', async () => {
        await new Promise((r) => setTimeout(r, 500));
        return { written: true };
      });
      const res = await app.inject({ method: 'POST', url: '/api/test-slow-write', payload: {} });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ written: true });
    });
  });

  it('refuses requests at once while the event loop is saturated, and serves again after', async () => {
    await withServer({ config: { ...h.deps.config, maxEventLoopDelayMs: 50 } }, async (app) => {
      await app.ready();
      const healthy = async () => {
        let status = 503;
        for (let i = 0; i < 40 && status === 503; i++) {
          await new Promise((r) => setTimeout(r, 50));
          status = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
        }
        return status;
      };
      // Building the server held the loop too: it serves once the samples settle.
      expect(await healthy()).toBe(200);
      // Keep the event loop saturated (100 ms blocks with short breaks) and ask between blocks:
      // the sampler (every 50 ms) sees the lag, and requests are refused before any work is done.
      let refused = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      for (let i = 0; i < 30 && refused.statusCode !== 503; i++) {
        const until = Date.now() + 100;
        while (Date.now() < until) {
          /* busy */
        }
        await new Promise((r) => setTimeout(r, 20));
        refused = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      }
      expect(refused.statusCode).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.json().error.code).toBe('SERVICE_UNAVAILABLE');
      // Once the loop is free again the next samples clear the pressure.
      expect(await healthy()).toBe(200);
    });
  });

  it('serves the requests that queued behind one long stall: a stall that is over is no overload', async () => {
    await withServer({ config: { ...h.deps.config, maxEventLoopDelayMs: 200 } }, async (app) => {
      await app.ready();
      // Building the server held the loop too: wait until that is out of the window.
      const stalls = () => app.eventLoopLag?.reading().stallsMs.length ?? 0;
      for (let i = 0; i < 40 && stalls() > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(stalls()).toBe(0);
      // A stall of three times the limit (the first drawing of a page, a full garbage collection)...
      const until = Date.now() + 600;
      while (Date.now() < until) {
        /* busy */
      }
      // ...which the meter has seen by the time the requests that waited behind it are read.
      await new Promise((r) => setTimeout(r, 0));
      const reading = app.eventLoopLag?.reading();
      expect(reading?.stallsMs.length).toBe(1);
      expect(reading?.stallsMs.at(-1)).toBeGreaterThan(300);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => app.inject({ method: 'GET', url: '/api/openapi.json' })),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    });
  });

  it('says what tripped it, lets unshed routes through, and health says the server is overloaded', async () => {
    await withServer({ config: { ...h.deps.config, maxEventLoopDelayMs: 50 } }, async (app) => {
      app.get('/api/test-file', { config: { shed: false } }, async () => ({ file: true }));
      app.get('/api/test-judged', { config: { shed: (req) => !req.url.endsWith('.map') } }, async () => ({
        judged: true,
      }));
      await app.ready();
      // Saturated: 100 ms blocks with short breaks, until the meter has seen two lagging samples.
      for (let i = 0; i < 40 && !app.eventLoopLag?.overloaded; i++) {
        const until = Date.now() + 100;
        while (Date.now() < until) {
          /* busy */
        }
        await new Promise((r) => setImmediate(r));
      }
      const reading = app.eventLoopLag?.reading();
      expect(app.eventLoopLag?.overloaded).toBe(true);
      expect(reading?.stallsMs.length).toBeGreaterThanOrEqual(2);
      for (const stall of reading?.stallsMs ?? []) expect(stall).toBeGreaterThan(50);
      expect(reading?.eluPercent).toBeGreaterThan(50);
      expect(reading?.heapUsedMb).toBeGreaterThan(0);
      expect(reading?.limitMs).toBe(50);

      const [refused, file, judgedMap, judged, health] = await Promise.all([
        app.inject({ method: 'GET', url: '/api/openapi.json' }),
        app.inject({ method: 'GET', url: '/api/test-file' }),
        app.inject({ method: 'GET', url: '/api/test-judged?x.map' }),
        app.inject({ method: 'GET', url: '/api/test-judged' }),
        app.inject({ method: 'GET', url: '/api/health' }),
      ]);
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.message).toBe(
        'The server is busy right now. Please try again in a moment.',
      );
      expect(file.statusCode).toBe(200);
      expect(judgedMap.statusCode).toBe(200);
      expect(judged.statusCode).toBe(503);
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('1');
      expect(health.json().error.message).toMatch(/^The server is overloaded: its event loop lags \d+ ms$/);
    });
  });
});
