import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app';
import { createEvent, createUser } from '../../demo/factories';
import { createSession } from '../../domains/auth/sessions';
import { MarketplaceCache } from '../../domains/vendors/marketplace-cache';
import {
  createPrivatePostgres,
  freePort,
  type PrivatePostgres,
  postgresBinDir,
} from '../../test/private-postgres';
import { loadConfig } from '../env';
import { LiveHub, liveSourceFor } from '../live/hub';
import { createPostgresDb, type DbHandle } from './create-db';
import { unavailabilityOf } from './db-errors';
import { migrateToLatest } from './migrate';

/**
 * Faults of a real PostgreSQL server: a connection killed inside a transaction, a locked table, and
 * restarts under load. Each runs on a server of its own (the shared one must not be restarted under
 * the other tests), so it needs the PostgreSQL binaries; CI runs it in the PostgreSQL pass.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL) && postgresBinDir() !== null;

let server: PrivatePostgres;
beforeAll(async () => {
  if (!enabled) return;
  server = await createPrivatePostgres();
  await server.start();
  const migrations = createPostgresDb(server.url, { max: 1, statementTimeoutMs: 0 });
  await migrateToLatest(migrations.db);
  await migrations.db.destroy();
}, 120_000);
afterAll(async () => {
  if (enabled) await server.destroy();
});

describe.skipIf(!enabled)('in-process server on a real PostgreSQL', () => {
  let handle: DbHandle;
  let app: FastifyInstance;
  let admin: pg.Client;
  let cookie: string;
  let eventId: string;
  const connectionErrors: string[] = [];

  beforeAll(async () => {
    handle = createPostgresDb(server.url, {
      max: 4,
      queueMax: 50,
      statementTimeoutMs: 1000,
      poolWaitMs: 500,
      idleInTransactionTimeoutMs: 2000,
      onConnectionError: (err) => connectionErrors.push(err.message),
    });
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      logLevel: 'silent' as const,
      healthTimeoutMs: 1500,
    };
    app = await buildServer({
      db: handle.db,
      config,
      marketplace: new MarketplaceCache(),
      now: () => new Date(),
      // No event streams here: the hub is never started.
      live: new LiveHub(liveSourceFor(handle, { info: () => {}, warn: () => {} })),
    });
    const user = await createUser(handle.db, { role: 'customer' });
    const session = await createSession(handle.db, {
      userId: user.id,
      ttlMs: 3_600_000,
      now: new Date(),
      userAgent: 'vitest',
      ip: '127.0.0.1',
    });
    cookie = `simchahub_session=${session.token}`;
    eventId = (await createEvent(handle.db, user.id)).id;
    admin = new pg.Client(server.url);
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
    await handle?.db.destroy();
  });

  it('survives a connection killed between two statements of a transaction', async () => {
    let caught: unknown;
    try {
      await handle.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        // The connection's 'error' arrives while it is checked out, before the next statement.
        await new Promise((r) => setTimeout(r, 200));
        await sql`select 1`.execute(trx);
      });
    } catch (error) {
      caught = error;
    }
    expect(unavailabilityOf(caught)).toBe('unreachable');
    expect(connectionErrors.length).toBeGreaterThan(0);
    // The pool dropped the dead connection: the next request is served.
    const res = await app.inject({ method: 'GET', url: '/api/events', headers: { cookie } });
    expect(res.statusCode).toBe(200);
  });

  it('fails the request whose connection is killed with 503, and serves the next one', async () => {
    await admin.query('begin');
    await admin.query('lock table events in access exclusive mode');
    const blocked = app.inject({ method: 'GET', url: '/api/events', headers: { cookie } });
    // Find the statement waiting on the lock and end its backend, as a failover would.
    let pid: number | undefined;
    for (let i = 0; i < 50 && pid === undefined; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const { rows } = await admin.query<{ pid: number }>(
        "select pid from pg_stat_activity where application_name = 'simchahub' and wait_event_type = 'Lock'",
      );
      pid = rows[0]?.pid;
    }
    expect(pid).toBeDefined();
    await admin.query('select pg_terminate_backend($1)', [pid]);
    const res = await blocked;
    await admin.query('rollback');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const next = await app.inject({ method: 'GET', url: '/api/events', headers: { cookie } });
    expect(next.statusCode, next.body).toBe(200);
  });

  it('answers 503 within the statement timeout on a locked table, and health within 2 s', async () => {
    await admin.query('begin');
    await admin.query('lock table events in access exclusive mode');
    try {
      const started = performance.now();
      const timed = (p: Promise<{ statusCode: number; json: () => unknown }>) =>
        p.then((res) => ({ res, ms: performance.now() - started }));
      // More requests than connections: the pool is full of statements waiting on the lock.
      const reads = Array.from({ length: 8 }, () =>
        timed(app.inject({ method: 'GET', url: '/api/events', headers: { cookie } })),
      );
      const update = timed(
        app.inject({
          method: 'GET',
          url: `/api/events/${eventId}`,
          headers: { cookie },
        }),
      );
      await new Promise((r) => setTimeout(r, 100));
      const healthStarted = performance.now();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      const healthMs = performance.now() - healthStarted;
      expect(healthMs).toBeLessThan(2000);
      expect(health.statusCode).toBe(503);
      expect((health.json() as { error: { message: string } }).error.message).toMatch(
        /too slow|every connection is taken/,
      );

      const results = await Promise.all([...reads, update]);
      const tooSlow = 'The database is too slow to answer right now. Please try again in a moment.';
      const busy = 'The server is busy right now. Please try again in a moment.';
      const messages = results.map(({ res }) => {
        expect(res.statusCode).toBe(503);
        const body = res.json() as { error: { code: string; message: string } };
        expect(body.error.code).toBe('SERVICE_UNAVAILABLE');
        return body.error.message;
      });
      // Statements that held a connection were cancelled; requests queued behind them were refused.
      for (const message of messages) expect([tooSlow, busy]).toContain(message);
      expect(messages.filter((m) => m === tooSlow).length).toBeGreaterThan(0);
      // The first four held connections: each was cancelled at the 1 s statement timeout. The rest
      // waited at most the 0.5 s pool wait for a connection; none waited for the lock to end (it is
      // held until every answer is in), with room for a busy machine.
      const times = results.map((r) => r.ms);
      expect(Math.min(...times)).toBeLessThan(2000);
      expect(Math.max(...times)).toBeLessThan(4000);
    } finally {
      await admin.query('rollback');
    }
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 30_000);
});

/** The server as it runs in production: a process of its own, which must outlive every fault. */
describe.skipIf(!enabled)('server process under load while PostgreSQL restarts', () => {
  let child: ChildProcess;
  let base: string;
  let dataDir: string;
  let output = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-faults-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: server.url,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      output += d;
    });
    child.stderr?.on('data', (d) => {
      output += d;
    });
    for (let i = 0; i < 240; i++) {
      if (child.exitCode !== null) throw new Error(`server exited early: ${output}`);
      if (
        await fetch(`${base}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server never became healthy: ${output}`);
  }, 90_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  it('survives three restarts under load, answers again within 5 s of each, and loses no write', async () => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'customer@simchahub.com', password: 'simcha123' }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('simchahub_session=')) ?? '').split(
      ';',
    )[0] as string;

    const statuses = new Map<number, number>();
    const acknowledged: string[] = [];
    let running = true;
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        try {
          if (i % 3 === 0) {
            const res = await fetch(`${base}/api/events`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie },
              body: JSON.stringify({
                title: `Load ${n}-${i}`,
                date: '2027-06-01T00:00:00.000Z',
                type: 'Wedding',
              }),
            });
            count(res.status);
            if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id);
            else await res.arrayBuffer();
          } else {
            const res = await fetch(`${base}${i % 3 === 1 ? '/api/vendors/featured' : '/api/events'}`, {
              headers: { cookie },
            });
            count(res.status);
            await res.arrayBuffer();
          }
        } catch {
          count(0); // the connection itself failed
        }
      }
    };
    const workers = Array.from({ length: 20 }, (_, n) => worker(n));

    const recoveries: number[] = [];
    try {
      for (let round = 0; round < 3; round++) {
        await new Promise((r) => setTimeout(r, 1500));
        await server.restart('fast');
        const restarted = performance.now();
        let healthy = false;
        while (!healthy && performance.now() - restarted < 10_000) {
          healthy = await fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (!healthy) await new Promise((r) => setTimeout(r, 100));
        }
        recoveries.push(performance.now() - restarted);
        expect(child.exitCode).toBeNull();
      }
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      running = false;
      await Promise.all(workers);
    }

    expect(child.exitCode, output).toBeNull();
    for (const ms of recoveries) expect(ms).toBeLessThan(5000);
    // Refusals during the restarts are 503s; never a 500, never a dropped connection.
    const summary = Object.fromEntries(statuses);
    expect(statuses.get(500) ?? 0, JSON.stringify(summary)).toBe(0);
    expect(statuses.get(0) ?? 0, JSON.stringify(summary)).toBe(0);
    for (const status of statuses.keys()) expect([200, 201, 503], JSON.stringify(summary)).toContain(status);
    console.info(
      `restarts under load: ${JSON.stringify(summary)}; back in ${recoveries.map((ms) => Math.round(ms)).join(', ')} ms`,
    );
    expect(statuses.get(200) ?? 0).toBeGreaterThan(50);
    // Every create the server acknowledged is in the database.
    const check = createPostgresDb(server.url, { max: 1 });
    try {
      const rows = await check.db.selectFrom('events').select('id').where('id', 'in', acknowledged).execute();
      expect(rows.length).toBe(acknowledged.length);
    } finally {
      await check.db.destroy();
    }
  }, 120_000);
});
