import os from 'node:os';
import { sql } from 'kysely';
import { buildServer } from '../../src/server/app';
import { createSession, SESSION_COOKIE } from '../../src/server/domains/auth/sessions';
import { MarketplaceCache } from '../../src/server/domains/vendors/marketplace-cache';
import {
  createPgliteDb,
  createPostgresDb,
  type Db,
  type DbHandle,
} from '../../src/server/platform/db/create-db';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { type AppConfig, loadConfig } from '../../src/server/platform/env';
import { LiveHub, liveSourceFor } from '../../src/server/platform/live/hub';

/**
 * A server built as main.ts builds it, on a fresh migrated embedded database (or the one given),
 * without the client build: for benchmarks that time procedures and REST paths in one process.
 * `configure` may change the settings before the server is built (its rate limits). `close` stops it all.
 */
export async function embeddedServer({
  handle: given,
  configure,
}: {
  handle?: DbHandle;
  configure?: (config: AppConfig) => void;
} = {}) {
  const handle = given ?? (await createPgliteDb(null));
  await migrateToLatest(handle.db);
  const live = new LiveHub(liveSourceFor(handle, { info: () => {}, warn: () => {} }));
  await live.start();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', MAX_EVENT_LOOP_DELAY_MS: '0', DATA_DIR: os.tmpdir() }),
    logLevel: 'silent' as const,
    clientDir: '/nonexistent-client-build',
  };
  configure?.(config);
  const deps = { db: handle.db, config, marketplace: new MarketplaceCache(), now: () => new Date(), live };
  const app = await buildServer(deps);
  const close = async () => {
    await app.close();
    await live.stop();
    await handle.db.destroy();
  };
  return { deps, app, db: handle.db, close };
}

/** A session for a benchmark's user, and the cookie that carries it (an hour unless told). */
export async function benchSession(db: Db, userId: string, ttlMs = 3_600_000) {
  const session = await createSession(db, {
    userId,
    ttlMs,
    now: new Date(),
    userAgent: 'simchahub-bench',
    ip: '127.0.0.1',
  });
  return { session, cookie: `${SESSION_COOKIE}=${session.token}` };
}

/**
 * Runs `work` on a scratch PostgreSQL database made afresh under the server of `adminUrl` (its
 * address given to `work`), and drops it afterwards, whatever happens.
 */
export async function withScratchDatabase<T>(
  adminUrl: string,
  name: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const admin = createPostgresDb(adminUrl, { max: 1 });
  await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
    await admin.db.destroy();
  }
}

/**
 * p50, p95, p99 and max of timed calls (ms), each the nearest-rank value (the smallest sample with
 * at least that share of samples at or below it), rounded to `decimals`.
 */
export function percentiles(samples: number[], decimals = 2) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const scale = 10 ** decimals;
  const round = (ms: number) => Math.round(ms * scale) / scale;
  return {
    calls: sorted.length,
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(at(100)),
  };
}
