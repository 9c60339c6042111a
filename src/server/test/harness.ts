import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Role } from '../../shared/constants';
import type { Language } from '../../shared/i18n';
import type { UserDto } from '../../shared/schemas/auth';
import { buildServer } from '../app';
import { createUser, type UserOverrides } from '../demo/factories';
import { createSession } from '../domains/auth/sessions';
import { MarketplaceCache } from '../domains/vendors/marketplace-cache';
import { createCaller } from '../doors/trpc/app-router';
import { createPgliteDb, createPostgresDb, type Db, type DbHandle } from '../platform/db/create-db';
import { loadConfig } from '../platform/env';
import { LiveHub, liveSourceFor } from '../platform/live/hub';
import type { AppDeps, Context } from '../platform/trpc/context';

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
  /** The procedures' context the caller acts with (for code that calls procedures itself). */
  ctx: Context;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who sends a request: a user (with a fresh session of theirs), a session cookie as a browser holds it, or nobody. */
export type Who = { user: { id: string } } | { sessionCookie: string } | null;

/** What REST tests send requests through: a Fastify server, or the harness (to its own server). */
export interface Injects {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface TestHarness extends Injects {
  db: Db;
  deps: AppDeps;
  /**
   * A caller with no session; userAgent defaults to 'vitest' (null: none sent); language is the one
   * its requests ask for (cookie or Accept-Language), none when absent.
   */
  anonymous(options?: {
    ip?: string;
    device?: string | null;
    userAgent?: string | null;
    language?: Language;
  }): TestCaller;
  /** A fresh user of the role with a real session, and a caller acting as them. */
  signedIn(
    role: Role,
    overrides?: UserOverrides,
  ): Promise<TestCaller & { user: UserDto & { password: string } }>;
  /** A new full HTTP server on the same database, for REST tests through inject(). */
  app(): Promise<FastifyInstance>;
  /** The harness's own HTTP server, built on first use; inject() and request() go to it. */
  server(): Promise<FastifyInstance>;
  /** A request to the harness's HTTP server as `who`, the payload (if any) sent as JSON. */
  request(
    method: HttpMethod,
    url: string,
    who: Who,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** Session cookie header for a user, for inject(). */
  cookieFor(userId: string): Promise<string>;
  /** A row's version as stored now, for edits made from the current row. */
  versionOf(
    table: 'users' | 'events' | 'tasks' | 'deposits' | 'memos' | 'vendors',
    id: string,
  ): Promise<number>;
  close(): Promise<void>;
}

/** A signed-in user and a caller acting as them, as TestHarness.signedIn makes them. */
export type Party = Awaited<ReturnType<TestHarness['signedIn']>>;

export interface HarnessOptions {
  now?: () => Date;
}

async function openDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const snapshot = await readFile(inject('pgliteSnapshot'));
    const handle = await createPgliteDb(null, new Blob([snapshot]));
    return { handle, drop: () => handle.db.destroy() };
  }
  // One throwaway database per test file on the real server, copied from the run's migrated
  // template (global-setup.ts), dropped afterwards.
  const name = `simchahub_test_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresDb(adminUrl, { max: 1 });
  await sql.raw(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`).execute(admin.db);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createPostgresDb(url.toString(), { max: 5 });
  return {
    handle,
    drop: async () => {
      await handle.db.destroy();
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
      await admin.db.destroy();
    },
  };
}

export async function createHarness(options: HarnessOptions = {}): Promise<TestHarness> {
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
      // Tests count a handful of rows: show every figure (site-figures.test.ts tests the threshold).
      SITE_FIGURES_MIN: '1',
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
  let ownServer: Promise<FastifyInstance> | undefined;

  function callerFor(
    user: UserDto | null,
    session: Context['session'],
    ip = '127.0.0.1',
    deviceToken: string | null = null,
    userAgent: string | null = 'vitest',
    requestLanguage?: Language,
  ): TestCaller {
    const cookie: CookieRecord = { value: null, expiresAt: null };
    const device = { value: deviceToken };
    const ctx: Context = {
      ...deps,
      user,
      session,
      ip,
      userAgent,
      ...(requestLanguage ? { requestLanguage } : {}),
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
    return { caller: createCaller(ctx), cookie, device, user, ctx };
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

  async function newApp() {
    const app = await buildServer(deps);
    apps.push(app);
    return app;
  }

  async function cookieFor(userId: string) {
    const session = await sessionFor(userId);
    return `simchahub_session=${session.token}`;
  }

  function server() {
    ownServer ??= newApp();
    return ownServer;
  }

  return {
    db,
    deps,
    anonymous: (opts = {}) =>
      callerFor(null, null, opts.ip, opts.device ?? null, opts.userAgent, opts.language),
    async signedIn(role, overrides = {}) {
      const user = await createUser(db, { role, ...overrides });
      const session = await sessionFor(user.id);
      const { password: _password, ...dto } = user;
      const tc = callerFor(dto, { id: session.id, expiresAt: session.expiresAt });
      return { ...tc, user };
    },
    app: newApp,
    server,
    async inject(opts) {
      return (await server()).inject(opts);
    },
    async request(method, url, who, payload, extraHeaders = {}) {
      const headers: Record<string, string> = { ...extraHeaders };
      if (who && 'sessionCookie' in who) headers.cookie = who.sessionCookie;
      else if (who) headers.cookie = await cookieFor(who.user.id);
      if (payload !== undefined) headers['content-type'] = 'application/json';
      return (await server()).inject({
        method,
        url,
        headers,
        payload: payload === undefined ? undefined : JSON.stringify(payload),
      });
    },
    async versionOf(table, id) {
      const row = await db.selectFrom(table).select('version').where('id', '=', id).executeTakeFirstOrThrow();
      return row.version;
    },
    cookieFor,
    async close() {
      for (const app of apps) await app.close();
      await live.stop();
      await drop();
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The harness of one test file: created before its first test and closed after its last (the hooks
 * are registered here). Use it inside tests and hooks; before beforeAll has run it has nothing to give.
 */
export function harnessForFile(options: HarnessOptions = {}): TestHarness {
  let opened: TestHarness | undefined;
  beforeAll(async () => {
    opened = await createHarness(options);
  });
  afterAll(async () => {
    await opened?.close();
  });
  const current = (): TestHarness => {
    if (!opened) throw new Error('The test harness opens in beforeAll: use it inside tests and hooks');
    return opened;
  };
  return {
    get db() {
      return current().db;
    },
    get deps() {
      return current().deps;
    },
    anonymous: (opts) => current().anonymous(opts),
    signedIn: (role, overrides) => current().signedIn(role, overrides),
    app: () => current().app(),
    server: () => current().server(),
    inject: (opts) => current().inject(opts),
    request: (...args) => current().request(...args),
    cookieFor: (userId) => current().cookieFor(userId),
    versionOf: (table, id) => current().versionOf(table, id),
    close: () => current().close(),
  };
}
