import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messageCodeFields } from './platform/http/errors';
import {
  createPrivatePostgres,
  freePort,
  type PrivatePostgres,
  postgresBinDir,
} from './test/private-postgres';
import {
  childrenOf,
  commandLineOf,
  compileServer,
  isListening,
  isRunning,
  RawConnection,
  startProcess,
  type WatchedProcess,
  waitForHealth,
} from './test/server-process';

const run = promisify(execFile);

/**
 * The process entry points, run as an operator runs them: the compiled server (as `npm start` and
 * `npm run serve` run it, and through `npm start` itself), and the command line.
 */
let server: { dir: string; remove: () => Promise<void> };
const dataDirs: string[] = [];
const processes: WatchedProcess[] = [];
const pids: number[] = [];

beforeAll(async () => {
  server = await compileServer();
}, 120_000);

afterEach(async () => {
  // A failed test must not leave a server behind.
  for (const pid of [...pids, ...processes.map((p) => p.pid)]) {
    if (await isRunning(pid)) process.kill(pid, 'SIGKILL');
  }
  pids.length = 0;
  processes.length = 0;
});

afterAll(async () => {
  await server?.remove();
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-main-'));
  dataDirs.push(dir);
  return dir;
}

const env = (extra: Record<string, string>) => ({
  ...process.env,
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  CLIENT_DIR: '/nonexistent-client-build',
  ...extra,
});

function startServer(extra: Record<string, string>): WatchedProcess {
  const proc = startProcess(process.execPath, [path.join(server.dir, 'main.js')], env(extra));
  processes.push(proc);
  return proc;
}

/** The server on a port of its own, its database the PostgreSQL address at `port` of this machine. */
async function startServerOnDatabase(
  port: number,
  extra: Record<string, string> = {},
): Promise<WatchedProcess> {
  return startServer({
    PORT: String(await freePort()),
    DATA_DIR: await newDataDir(),
    DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`,
    ...extra,
  });
}

const demoLogin = JSON.stringify({ email: 'customer@simchahub.com', password: 'simcha123' });

/** A sign-in whose body is still on its way: a request the server has begun and must finish. */
async function slowLogin(port: number): Promise<{ conn: RawConnection; finish: () => Promise<void> }> {
  const conn = await RawConnection.open(port);
  await conn.write(
    'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(demoLogin)}\r\n\r\n${demoLogin.slice(0, 10)}`,
  );
  return { conn, finish: () => conn.write(demoLogin.slice(10)) };
}

const elapsedSince = (start: number) => Date.now() - start;

describe('compiled server process', () => {
  it('starts on the embedded database with demo data, and a repeated stop signal does not cut the drain short', async () => {
    const port = await freePort();
    const proc = startServer({ PORT: String(port), DATA_DIR: await newDataDir() });
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, proc, 40_000);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: demoLogin,
    });
    expect(login.status).toBe(200);

    // Ctrl-C in a terminal reaches the server twice (from the terminal and forwarded by npm):
    // the second signal must not end the process while a request is still being served.
    const inFlight = await slowLogin(port);
    await new Promise((r) => setTimeout(r, 200));
    proc.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    proc.child.kill('SIGINT');
    await new Promise((r) => setTimeout(r, 300));
    expect(await isRunning(proc.pid)).toBe(true);
    await inFlight.finish();
    expect((await inFlight.conn.nextResponse(10_000))?.status).toBe(200);
    expect(await proc.exited).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('SIGTERM through npm start drains in-flight requests, refuses new ones and exits 0 with no orphan', async () => {
    const port = await freePort();
    const npm = startProcess(
      'npm',
      ['start'],
      env({ PORT: String(port), DATA_DIR: await newDataDir(), LOG_LEVEL: 'info' }),
    );
    processes.push(npm);
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(base, npm, 70_000);

    // npm's child is the server itself (the script's shell exec'd it), so npm's forwarded SIGTERM
    // reaches it and nothing is left between them to die and orphan it.
    const children = await childrenOf(npm.pid);
    expect(children).toHaveLength(1);
    const serverPid = children[0] as number;
    pids.push(serverPid);
    expect(await commandLineOf(serverPid)).toMatch(/node.* dist\/server\/main\.js$/);

    // A kept-alive connection whose next request is only half sent when the drain begins.
    const kept = await RawConnection.open(port);
    await kept.write('GET /api/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect((await kept.nextResponse(5000))?.status).toBe(200);
    await kept.write('GET /api/openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const logins = await Promise.all([slowLogin(port), slowLogin(port), slowLogin(port)]);
    await new Promise((r) => setTimeout(r, 200));

    process.kill(npm.pid, 'SIGTERM');
    await npm.waitForOutput(/SIGTERM received: finishing in-flight requests/, 5000);

    // A new request gets the app's 503, or no connection at all once the listener is closed.
    const fresh = await fetch(`${base}/api/openapi.json`).then(
      async (r) => ({ status: r.status, body: await r.json() }),
      (error: unknown) => ({ status: 0, body: String(error) }),
    );
    if (fresh.status !== 0) {
      expect(fresh).toEqual({
        status: 503,
        body: {
          error: expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', message: expect.any(String) }),
        },
      });
    }
    await expect.poll(() => isListening(port), { timeout: 2000 }).toBe(false);

    // The half-sent request completes during the drain: 503 in the app's format, and the connection closes.
    await kept.write('\r\n');
    const refused = await kept.nextResponse(5000);
    expect(refused?.status).toBe(503);
    expect(refused?.headers.connection).toBe('close');
    expect(refused?.headers['retry-after']).toBeDefined();
    expect(JSON.parse(refused?.body ?? '{}')).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The server is restarting. Please try again in a moment.',
        ...messageCodeFields('The server is restarting. Please try again in a moment.'),
      },
    });

    // The requests in flight when the signal came finish normally, each closing its connection.
    await new Promise((r) => setTimeout(r, 300));
    expect(await isRunning(serverPid)).toBe(true);
    await Promise.all(logins.map((l) => l.finish()));
    for (const { conn } of logins) {
      const answer = await conn.nextResponse(10_000);
      expect(answer?.status).toBe(200);
      expect(answer?.headers.connection).toBe('close');
      expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({ user: { email: 'customer@simchahub.com' } });
    }

    expect(await npm.exited).toEqual({ code: 0, signal: null });
    expect(npm.output()).toContain('Shut down cleanly');
    expect(await isRunning(serverPid)).toBe(false);
    expect(await isListening(port)).toBe(false);
    // It builds the web app and the server first, which takes a while on a busy machine.
  }, 90_000);

  it('cuts off a request that outlasts SHUTDOWN_GRACE_MS and still exits, with code 1', async () => {
    const port = await freePort();
    const proc = startServer({
      PORT: String(port),
      DATA_DIR: await newDataDir(),
      SEED_DEMO_DATA: 'false',
      SHUTDOWN_GRACE_MS: '500',
    });
    await waitForHealth(`http://127.0.0.1:${port}`, proc, 40_000);
    // Its body never arrives in full.
    const stuck = await slowLogin(port);
    await new Promise((r) => setTimeout(r, 200));

    const signalled = Date.now();
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toEqual({ code: 1, signal: null });
    // Cut off at 500 ms; closing the database and exiting takes the rest.
    expect(elapsedSince(signalled)).toBeLessThan(500 + 6000);
    expect(proc.output()).toContain('Requests still running after 500 ms');
    expect(await stuck.conn.nextResponse(1000)).toBeNull();
  }, 60_000);
});

describe('start-up waiting for the database', () => {
  it('names the real cause and gives up after DB_STARTUP_WAIT_SECONDS when nothing listens', async () => {
    const port = await freePort();
    const address = `postgres://127.0.0.1:${port}/postgres`;
    const started = Date.now();
    const proc = await startServerOnDatabase(port, { DB_STARTUP_WAIT_SECONDS: '2' });
    const exit = await proc.exited;
    expect(exit.code).toBe(1);
    expect(elapsedSince(started)).toBeLessThan(15_000);
    const output = proc.output();
    expect(output).toContain(
      `Waiting for the database at ${address}: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(output).toMatch(
      new RegExp(
        `SimchaHub could not start: The database at ${address} did not answer within 2 s \\(\\d+ tries\\): connect ECONNREFUSED`,
      ),
    );
    expect(output).not.toContain('Migration');
  }, 30_000);

  it('stops at once when signalled while it waits', async () => {
    const port = await freePort();
    const proc = await startServerOnDatabase(port);
    await proc.waitForOutput(/Waiting for the database at/, 10_000);
    const signalled = Date.now();
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toEqual({ code: 0, signal: null });
    expect(elapsedSince(signalled)).toBeLessThan(2000);
    expect(proc.output()).toContain('SIGTERM received during start-up: stopping');
  }, 30_000);

  it('gives up on a server that accepts connections but never answers, saying it timed out', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const started = Date.now();
      const proc = await startServerOnDatabase(port, {
        DB_STARTUP_WAIT_SECONDS: '3',
        DB_CONNECT_TIMEOUT_MS: '1000',
      });
      const exit = await proc.exited;
      expect(exit.code).toBe(1);
      // Three seconds of waiting, the last try bounded by what is left of them; never the connect timeout more.
      expect(elapsedSince(started)).toBeLessThan(12_000);
      const output = proc.output();
      expect(output).toMatch(
        new RegExp(`Waiting for the database at postgres://127\\.0\\.0\\.1:${port}/postgres: [^\\n]*timeout`),
      );
      expect(output).toMatch(/SimchaHub could not start: .* did not answer within 3 s .*timeout/);
      expect(sockets.size).toBeGreaterThanOrEqual(2);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((r) => silent.close(r));
    }
  }, 30_000);

  describe.skipIf(!process.env.TEST_DATABASE_URL || !postgresBinDir())('on a real PostgreSQL server', () => {
    let pg: PrivatePostgres;
    beforeAll(async () => {
      pg = await createPrivatePostgres();
    }, 60_000);
    afterAll(async () => {
      await pg?.destroy();
    }, 60_000);

    it('waits while the database is down, says where and why, and comes up once it starts', async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const proc = startServer({
        PORT: String(port),
        DATA_DIR: await newDataDir(),
        DATABASE_URL: pg.url,
        SEED_DEMO_DATA: 'false',
      });
      await proc.waitForOutput(
        new RegExp(
          `Waiting for the database at postgres://127\\.0\\.0\\.1:${pg.port}/postgres: connect ECONNREFUSED 127\\.0\\.0\\.1:${pg.port}`,
        ),
        15_000,
      );
      expect(await isListening(port)).toBe(false);

      await pg.start();
      const up = Date.now();
      await waitForHealth(base, proc, 20_000);
      // The longest back-off step is 5 s; migrating a fresh database takes a few more.
      expect(elapsedSince(up)).toBeLessThan(15_000);
      expect(proc.output()).toContain(
        `The database at postgres://127.0.0.1:${pg.port}/postgres is answering.`,
      );

      proc.child.kill('SIGTERM');
      expect(await proc.exited).toEqual({ code: 0, signal: null });
    }, 60_000);
  });
});

describe('CLI', () => {
  it('migrates, creates an admin account, and refuses a weak password or a taken email', async () => {
    const dataDir = await newDataDir();
    // The compiled command line, as a deployment without the sources runs it; the npm scripts run
    // the same source through tsx.
    const cli = (...args: string[]) =>
      run(process.execPath, [path.join(server.dir, 'cli.js'), ...args], { env: env({ DATA_DIR: dataDir }) });
    expect((await cli('migrate')).stdout).toContain('Migrations applied');
    const created = await cli(
      'create-admin',
      '--email',
      'ops@example.com',
      '--name',
      'Ops',
      '--password',
      'longenough',
    );
    expect(created.stdout).toContain('Admin ops@example.com created.');
    await expect(
      cli('create-admin', '--email', 'ops2@example.com', '--name', 'Ops', '--password', '123'),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('Password must be at least 6 characters'),
    });
    await expect(
      cli('create-admin', '--email', 'OPS@example.com', '--name', 'Ops', '--password', 'longenough'),
    ).rejects.toMatchObject({
      stderr: expect.stringContaining('already exists'),
    });
    // Four processes, each opening the embedded database: slow on a busy machine.
  }, 90_000);
});
