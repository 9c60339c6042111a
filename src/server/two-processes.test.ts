import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './demo/factories';
import { createPostgresDb, type DbHandle } from './platform/db/create-db';
import { migrateToLatest } from './platform/db/migrate';

/**
 * Two server processes on one PostgreSQL database, as a deployment with several instances runs:
 * limits live in the database, so neither process lets through more than the shared allowance.
 * PGlite belongs to one process, so this runs only against a PostgreSQL server (TEST_DATABASE_URL).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const SUGGESTIONS_PER_MINUTE = 5;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`server exited early with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server never became healthy');
}

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  const name = `simchahub_two_${randomBytes(5).toString('hex')}`;
  let admin: DbHandle;
  let handle: DbHandle;
  const children: ChildProcess[] = [];
  const bases: string[] = [];

  beforeAll(async () => {
    admin = createPostgresDb(adminUrl as string, { max: 1 });
    await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    handle = createPostgresDb(url.toString(), { max: 2 });
    await migrateToLatest(handle.db);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED_DEMO_DATA: 'false',
          LOG_LEVEL: 'warn',
          CLIENT_DIR: '/nonexistent-client-build',
          DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/${name}-${i}`,
          SUGGESTIONS_PER_MINUTE: String(SUGGESTIONS_PER_MINUTE),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      bases.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(bases.map((base, i) => waitForHealth(base, children[i] as ChildProcess)));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
    await handle?.db.destroy();
    await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
    await admin.db.destroy();
  }, 30_000);

  it('shares the sign-in limit: 40 simultaneous wrong passwords over both get at most 6 checks', async () => {
    const user = await createUser(handle.db);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        fetch(`${bases[i % 2]}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: `wrong-${i}` }),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeGreaterThanOrEqual(1);
    expect(checked).toBeLessThanOrEqual(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - checked);
    for (const r of responses.filter((res) => res.status === 429)) {
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Both processes refuse the account now, the right password included, until the delay ends.
    for (const base of bases) {
      const res = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: user.email, password: user.password }),
      });
      expect(res.status).toBe(429);
    }
  });

  it('shares other limits: suggestions over both processes stop at the configured ceiling', async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => fetch(`${bases[i % 2]}/api/vendors/suggestions?q=ph`)),
    );
    const ok = responses.filter((r) => r.status === 200);
    expect(ok).toHaveLength(SUGGESTIONS_PER_MINUTE);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(12 - SUGGESTIONS_PER_MINUTE);
  });

  it('shares sessions: signed in on one process, known to the other', async () => {
    const user = await createUser(handle.db);
    const login = await fetch(`${bases[0]}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] as string)
      .find((c) => c.startsWith('simchahub_session=')) as string;
    const me = await fetch(`${bases[1]}/api/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect((await me.json()).user.id).toBe(user.id);
  });
});
