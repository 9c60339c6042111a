import os from 'node:os';
import { buildServer } from '../../src/server/app';
import { MarketplaceCache } from '../../src/server/domains/vendors/marketplace-cache';
import { createPgliteDb, type DbHandle } from '../../src/server/platform/db/create-db';
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
