import { buildServer } from './app';
import { seedDemoData } from './demo/seed';
import { startAttachmentSweeper } from './domains/attachments/sweeper';
import { places } from './domains/places/places.service';
import { startUploadSweeper } from './domains/uploads/sweeper';
import { MarketplaceCache } from './domains/vendors/marketplace-cache';
import { PagePrerender } from './doors/pages/page-prerender';
import { warmUpPages } from './doors/pages/static';
import { sweepExpiredRows } from './expired-rows';
import { type ControlSocket, listenForBackups } from './platform/backup/control-socket';
import { createDb, createPostgresDb, type DbHandle } from './platform/db/create-db';
import { migrateToLatest } from './platform/db/migrate';
import { waitForDatabase } from './platform/db/wait-for-database';
import { type AppConfig, loadConfig } from './platform/env';
import { Lifecycle } from './platform/http/resilience';
import { startMaintenance } from './platform/jobs/maintenance';
import { LiveHub, liveSourceFor } from './platform/live/hub';
import { startMailWorker } from './platform/mail/worker';
import { createFsStore } from './platform/storage/fs-store';
import { filesMissingFrom } from './platform/storage/migrate';
import { createServerFileStore, driverStore } from './platform/storage/stores';

/** Time after the grace period for jobs and the pool to close before the process exits anyway. */
const SHUTDOWN_MARGIN_MS = 5000;

/** Waits for PostgreSQL, then migrates it on a connection of its own with no statement timeout. */
async function prepareDatabase(config: AppConfig): Promise<void> {
  if (!config.databaseUrl) return;
  await waitForDatabase(config.databaseUrl, {
    waitMs: config.database.startupWaitMs,
    connectTimeoutMs: config.database.connectTimeoutMs,
    log: (line) => console.warn(line),
  });
  const migrations = createPostgresDb(config.databaseUrl, {
    max: 1,
    connectTimeoutMs: config.database.connectTimeoutMs,
    statementTimeoutMs: 0,
  });
  try {
    await migrateToLatest(migrations.db);
  } finally {
    await migrations.db.destroy();
  }
}

/** What a stop signal does now: during start-up, stop at once; once serving, drain (set below). */
let onStopSignal: (signal: NodeJS.Signals) => void = (signal) => {
  // Nothing is served yet and nothing acknowledged would be lost; PostgreSQL rolls back a
  // migration cut short (each runs in a transaction).
  console.warn(`${signal} received during start-up: stopping`);
  process.exit(0);
};
// `on`, not `once`: Ctrl-C in a terminal reaches the server twice (from the terminal and again
// from npm, which forwards it), and a second signal must not kill the process mid-drain.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => onStopSignal(signal));

async function main(): Promise<void> {
  const config = loadConfig();
  await prepareDatabase(config);
  let log: { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void } = {
    warn: (_obj, msg) => console.warn(msg),
    info: (_obj, msg) => console.info(msg),
  };
  const handle: DbHandle = await createDb(config, {
    // A connection lost between statements fails the request it served, never the process.
    onConnectionError: (err) => log.warn({ err: err.message }, 'PostgreSQL connection lost'),
  });
  if (handle.kind === 'pglite') await migrateToLatest(handle.db);

  const shouldSeed =
    config.seedDemoData === 'true' || (config.seedDemoData === 'auto' && handle.kind === 'pglite');
  if (shouldSeed) {
    const result = await seedDemoData(handle.db);
    if (result.seeded) console.info('Seeded demo data (see README for the demo accounts).');
  }

  // The place search reads its table into memory (generating it if missing) before the first request.
  places();

  const lifecycle = new Lifecycle();
  // Messages reach open streams through LISTEN/NOTIFY; the logger is the app's once it exists.
  const live = new LiveHub(
    liveSourceFor(
      handle,
      { info: (m) => log.info({}, m), warn: (m) => log.warn({}, m) },
      config.database.connectTimeoutMs,
    ),
  );
  // Uploaded images and attachments, shared by every server on the database with `postgres:` (or on
  // the bucket with `s3://`); the images this server serves are cached on its disk (STORAGE_CACHE_MB).
  const files = createServerFileStore(config, handle.db, { warn: (obj, msg) => log.warn(obj, msg) });
  // A missing bucket or refused credentials stop the start with a sentence, not the first upload with a 500.
  await files.check?.();
  // Files a server of an earlier version (or with STORAGE_URL=fs:) wrote to this disk are not
  // served from the shared store until they are copied there: said at once rather than found as 404s.
  const missing =
    config.storage.driver === 'fs' ? 0 : await filesMissingFrom(createFsStore(config.dataDir), files);
  if (missing > 0) {
    log.warn(
      { missing },
      `Stored files under ${config.dataDir} are not in ${files.describe}, where this server reads them: ` +
        `copy them with \`node dist/server/cli.js storage migrate --from fs --to ${config.storage.driver}\`, ` +
        'or keep them on this disk with STORAGE_URL=fs:',
    );
  }
  const prerender = new PagePrerender(handle.db, undefined, { siteFiguresMin: config.siteFiguresMin });
  const app = await buildServer(
    {
      db: handle.db,
      config,
      marketplace: new MarketplaceCache({ enabled: config.marketplaceCache }),
      now: () => new Date(),
      lifecycle,
      live,
      files,
    },
    { prerender },
  );
  log = app.log;
  // The renderer's first drawings hold the event loop for seconds: done before anyone is served.
  const warmed = await warmUpPages(app, prerender, config.clientDir);
  if (warmed) {
    const draws = warmed.draws.map((d) => `${d.key} in ${d.ms} ms`).join(', ') || 'none';
    app.log.info(warmed, `Pages warmed up: renderer loaded in ${warmed.loadMs} ms; drawn: ${draws}`);
  }
  await live.start();

  // Background work of this process; every process runs the same, and the database keeps them apart.
  const mailWorker = startMailWorker({ db: handle.db, config, log: app.log });
  app.log.info(`Mail: ${mailWorker.description}`);
  const maintenance = startMaintenance({
    db: handle.db,
    now: () => new Date(),
    log: app.log,
    embedded: handle.kind === 'pglite',
    sweep: (deps) => sweepExpiredRows({ ...deps, appUrl: config.appUrl }),
  });
  const uploadSweeper = startUploadSweeper({
    db: handle.db,
    config,
    files,
    now: () => new Date(),
    log: app.log,
  });
  const attachmentSweeper = startAttachmentSweeper({
    db: handle.db,
    config,
    files,
    now: () => new Date(),
    log: app.log,
  });
  // `cli.js backup` asks this process for the embedded database, which no other process may open.
  let control: ControlSocket | null = null;
  if (handle.kind === 'pglite') {
    control = await listenForBackups({
      dataDir: config.dataDir,
      handle,
      store: driverStore(config.storage, handle.db),
      log: app.log,
    }).catch((error: unknown) => {
      app.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'Backups of the running server are unavailable: the control socket could not be opened',
      );
      return null;
    });
  }
  const stopJobs = () =>
    Promise.all([mailWorker.stop(), maintenance.stop(), uploadSweeper.stop(), attachmentSweeper.stop()]);

  /**
   * Stop accepting, let in-flight requests finish (new ones on open connections get 503 with
   * Connection: close; event streams end on lifecycle.signal), then close the pool and exit 0.
   * Whatever is still running after SHUTDOWN_GRACE_MS is cut off, and the exit code says so.
   */
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    lifecycle.beginDrain();
    app.log.info(`${signal} received: finishing in-flight requests (up to ${config.shutdownGraceMs} ms)`);
    let cutOff = false;
    const grace = setTimeout(() => {
      cutOff = true;
      app.log.error(`Requests still running after ${config.shutdownGraceMs} ms: closing their connections`);
      app.server.closeAllConnections();
    }, config.shutdownGraceMs);
    // A request cut off above may still hold a pooled connection (its statement runs until the
    // statement timeout), and closing the pool waits for it: the process exits regardless.
    const deadline = setTimeout(() => {
      app.log.error(`Shutdown still unfinished ${SHUTDOWN_MARGIN_MS} ms after the grace period: exiting`);
      process.exit(1);
    }, config.shutdownGraceMs + SHUTDOWN_MARGIN_MS);
    try {
      await app.close();
      clearTimeout(grace);
      await Promise.all([stopJobs(), live.stop(), control?.close()]);
      await handle.db.destroy();
      clearTimeout(deadline);
      if (cutOff) app.log.warn('Shut down after cutting off unfinished requests');
      else app.log.info('Shut down cleanly');
      process.exit(cutOff ? 1 : 0);
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  onStopSignal = (signal) => void shutdown(signal);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `SimchaHub on http://localhost:${config.port} (database: ${handle.describe}; stored files: ${files.describe})`,
  );
}

main().catch((error: unknown) => {
  console.error(`SimchaHub could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
