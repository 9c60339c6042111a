import type { Db } from '../db/create-db';
import type { AppConfig, StorageSettings } from '../env';
import { deferDeletesDuringBackups } from './backup-leases';
import { type DiskCacheLog, withDiskCache } from './disk-cache';
import type { FileStore } from './file-store';
import { createFsStore } from './fs-store';
import { createPostgresStore } from './postgres-store';
import { createS3Store } from './s3-store';

/** The store the settings name, on this database; its deletes wait while a backup runs (decision 042). */
export function createFileStore(settings: StorageSettings, db: Db): FileStore {
  return deferDeletesDuringBackups(driverStore(settings, db), db);
}

/** The driver's store alone: for backups and restores, which must not wait for themselves. */
export function driverStore(settings: StorageSettings, db: Db): FileStore {
  if (settings.driver === 's3') {
    if (!settings.s3) throw new Error('The s3 store needs STORAGE_URL=s3://bucket');
    return createS3Store(settings.s3);
  }
  return settings.driver === 'postgres' ? createPostgresStore(db) : createFsStore(settings.root);
}

/**
 * The store of a server process (main.ts): the one the settings name, with the images it serves
 * cached on this server's disk when the store is elsewhere (not `fs`) and STORAGE_CACHE_MB is not 0.
 */
export function createServerFileStore(
  config: Pick<AppConfig, 'storage' | 'storageCache'>,
  db: Db,
  log: DiskCacheLog,
): FileStore {
  const store = createFileStore(config.storage, db);
  const { dir, maxBytes } = config.storageCache;
  if (store.driver === 'fs' || maxBytes === 0) return store;
  return withDiskCache(store, { dir, maxBytes, log });
}

const defaults = new WeakMap<Db, Map<string, FileStore>>();

/**
 * The file store of a server's dependencies: the one main.ts (or a test) gave them, else the one
 * their settings name on their database (made once per database and settings).
 */
export function filesOf(deps: { db: Db; config: Pick<AppConfig, 'storage'>; files?: FileStore }): FileStore {
  if (deps.files) return deps.files;
  const { storage } = deps.config;
  const id = `${storage.driver}:${storage.root}:${JSON.stringify(storage.s3 ?? null)}`;
  let byDb = defaults.get(deps.db);
  if (!byDb) {
    byDb = new Map();
    defaults.set(deps.db, byDb);
  }
  let store = byDb.get(id);
  if (!store) {
    store = createFileStore(storage, deps.db);
    byDb.set(id, store);
  }
  return store;
}
