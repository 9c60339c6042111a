import { buildServer } from './app';
import { createDb } from './db/create-db';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './db/seed';
import { loadConfig } from './env';
import { startMaintenance } from './jobs/maintenance';
import { startMailWorker } from './mail/worker';
import { startUploadSweeper } from './uploads/sweeper';
import { MarketplaceCache } from './vendors/marketplace-cache';

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await createDb(config);
  await migrateToLatest(handle.db);

  const shouldSeed =
    config.seedDemoData === 'true' || (config.seedDemoData === 'auto' && handle.kind === 'pglite');
  if (shouldSeed) {
    const result = await seedDemoData(handle.db);
    if (result.seeded) console.info('Seeded demo data (see README for the demo accounts).');
  }

  const app = await buildServer({
    db: handle.db,
    config,
    marketplace: new MarketplaceCache({ enabled: config.marketplaceCache }),
    now: () => new Date(),
  });

  // Background work of this process; every process runs the same, and the database keeps them apart.
  const mailWorker = startMailWorker({ db: handle.db, config, log: app.log });
  app.log.info(`Mail: ${mailWorker.description}`);
  const maintenance = startMaintenance({ db: handle.db, now: () => new Date(), log: app.log });
  const uploadSweeper = startUploadSweeper({ db: handle.db, config, now: () => new Date(), log: app.log });
  const stopJobs = () => Promise.all([mailWorker.stop(), maintenance.stop(), uploadSweeper.stop()]);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests`);
    const force = setTimeout(() => {
      app.log.error('Shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      await stopJobs();
      await handle.db.destroy();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'Shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`SimchaHub on http://localhost:${config.port} (database: ${handle.describe})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
