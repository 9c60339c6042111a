import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { inject } from 'vitest';
import type { Role } from '../../shared/constants';
import type { UserDto } from '../../shared/schemas/auth';
import { buildServer } from '../app';
import { createSession } from '../auth/sessions';
import { createPgliteDb, createPostgresDb, type Db, type DbHandle } from '../db/create-db';
import { createUser, type UserOverrides } from '../db/factories';
import { migrateToLatest } from '../db/migrate';
import { loadConfig } from '../env';
import { LiveHub, liveSourceFor } from '../live/hub';
import { createCaller } from '../trpc/app-router';
import type { AppDeps, Context } from '../trpc/context';
import { MarketplaceCache } from '../vendors/marketplace-cache';

export interface CookieRecord {
  value: string | null;
  expiresAt: Date | null;
}

export interface TestCaller {
  caller: ReturnType<typeof createCaller>;
  /** What the procedures wrote to the session cookie during this caller's calls. */
  cookie: CookieRecord;
  /** The known-device cookie: the one the caller brought, or the one a sign-in gave it. */
  device: { value: string | null };
  user: UserDto | null;
}

export interface TestHarness {
  db: Db;
  deps: AppDeps;
  /** A caller with no session; userAgent defaults to 'vitest' (null: none sent). */
  anonymous(options?: { ip?: string; device?: string | null; userAgent?: string | null }): TestCaller;
  /** A fresh user of the role with a real session, and a caller acting as them. */
  signedIn(
    role: Role,
    overrides?: UserOverrides,
  ): Promise<TestCaller & { user: UserDto & { password: string } }>;
  /** The full HTTP server on the same database, for REST tests through inject(). */
  app(): Promise<FastifyInstance>;
  /** Session cookie header for a user, for inject(). */
  cookieFor(userId: string): Promise<string>;
  /** A row's version as stored now, for edits made from the current row. */
  versionOf(
    table: 'users' | 'events' | 'tasks' | 'deposits' | 'memos' | 'vendors',
    id: string,
  ): Promise<number>;
  close(): Promise<void>;
}

async function openDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const snapshot = await readFile(inject('pgliteSnapshot'));
    const handle = await createPgliteDb(null, new Blob([snapshot]));
    return { handle, drop: () => handle.db.destroy() };
  }
  // One throwaway database per test file on the real server, dropped afterwards.
  const name = `simchahub_test_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresDb(adminUrl, { max: 1 });
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createPostgresDb(url.toString(), { max: 5 });
  await migrateToLatest(handle.db);
  return {
    handle,
    drop: async () => {
      await handle.db.destroy();
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
      await admin.db.destroy();
    },
  };
}

export async function createHarness(options: { now?: () => Date } = {}): Promise<TestHarness> {
  const { handle, drop } = await openDatabase();
  const db = handle.db;
  const live = new LiveHub(liveSourceFor(handle, { info: () => {}, warn: () => {} }));
  await live.start();
  const config = {
    ...loadConfig({
      NODE_ENV: 'test',
      // Tests share two busy cores: a slow moment must not shed their requests (resilience.test.ts
      // turns load shedding on where it tests it).
      MAX_EVENT_LOOP_DELAY_MS: '0',
      DATA_DIR: `${process.env.TMPDIR ?? '/tmp'}/simchahub-test-${randomBytes(6).toString('hex')}`,
    }),
    logLevel: 'silent' as const,
    clientDir: '/nonexistent-client-build',
  };
  const deps: AppDeps = {
    db,
    config,
    marketplace: new MarketplaceCache(),
    now: options.now ?? (() => new Date()),
    live,
  };
  const apps: FastifyInstance[] = [];

  function callerFor(
    user: UserDto | null,
    session: Context['session'],
    ip = '127.0.0.1',
    deviceToken: string | null = null,
    userAgent: string | null = 'vitest',
  ): TestCaller {
    const cookie: CookieRecord = { value: null, expiresAt: null };
    const device = { value: deviceToken };
    const ctx: Context = {
      ...deps,
      user,
      session,
      ip,
      userAgent,
      sessionCookie: {
        set(token, expiresAt) {
          cookie.value = token;
          cookie.expiresAt = expiresAt;
        },
        clear() {
          cookie.value = '';
          cookie.expiresAt = new Date(0);
        },
      },
      deviceCookie: {
        token: deviceToken,
        set(token) {
          device.value = token;
        },
      },
    };
    return { caller: createCaller(ctx), cookie, device, user };
  }

  async function sessionFor(userId: string) {
    return createSession(db, {
      userId,
      ttlMs: config.sessionTtlMs,
      now: deps.now(),
      userAgent: 'vitest',
      ip: '127.0.0.1',
    });
  }

  return {
    db,
    deps,
    anonymous: (opts = {}) => callerFor(null, null, opts.ip, opts.device ?? null, opts.userAgent),
    async signedIn(role, overrides = {}) {
      const user = await createUser(db, { role, ...overrides });
      const session = await sessionFor(user.id);
      const { password: _password, ...dto } = user;
      const tc = callerFor(dto, { id: session.id, expiresAt: session.expiresAt });
      return { ...tc, user };
    },
    async app() {
      const app = await buildServer(deps);
      apps.push(app);
      return app;
    },
    async versionOf(table, id) {
      const row = await db.selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow();
      return row.version;
    },
    async cookieFor(userId) {
      const session = await sessionFor(userId);
      return `simchahub_session=${session.token}`;
    },
    async close() {
      for (const app of apps) await app.close();
      await live.stop();
      await drop();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
