import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/create-db';
import { checkOf, type FileStore } from './file-store';

/*
 * Stored files stay while a backup copies them (decision 042). A backup takes its database
 * snapshot, then copies the files; files are written before the rows that name them (decision 039),
 * so every file the snapshot names exists when the snapshot is taken. A file deleted after that
 * (an image removed, a sweeper's run) could be missing from the copy although the snapshot still
 * names it: while a lease is current, deletes are noted instead, and carried out once none is.
 *
 * Why that is enough: the app deletes a file only after the transaction that stopped naming it has
 * committed. A snapshot that still names the file was taken before that commit, so after the lease
 * (committed before the snapshot), and the delete, later still, finds the lease and is noted.
 */

/** How long a lease lasts without being renewed: a crashed backup holds deletes back no longer. */
export const LEASE_MS = 10 * 60 * 1000;
const RENEW_MS = 60 * 1000;
const BATCH = 500;

export interface BackupLease {
  id: string;
  /** Ends the lease and carries out the deletes noted meanwhile (unless another backup runs). */
  release(store: FileStore): Promise<void>;
}

/** Takes a lease (committed when this resolves) and renews it until it is released. */
export async function takeBackupLease(db: Db, now = () => new Date()): Promise<BackupLease> {
  const id = randomUUID();
  const until = () => new Date(now().getTime() + LEASE_MS);
  await db.insertInto('backupLeases').values({ id, expiresAt: until() }).execute();
  const timer = setInterval(() => {
    db.updateTable('backupLeases')
      .set({ expiresAt: until() })
      .where('id', '=', id)
      .execute()
      .catch(() => undefined);
  }, RENEW_MS);
  timer.unref();
  return {
    id,
    async release(store) {
      clearInterval(timer);
      await db.deleteFrom('backupLeases').where('id', '=', id).execute();
      // Leases of crashed backups go with the first backup after them.
      await db.deleteFrom('backupLeases').where('expiresAt', '<=', now()).execute();
      if (!(await leaseCurrent(db))) await carryOutDeferredDeletes(store, db);
    },
  };
}

async function leaseCurrent(db: Db): Promise<boolean> {
  const { rows } = await sql<{ current: boolean }>`
    SELECT exists(SELECT 1 FROM backup_leases WHERE expires_at > now()) AS current`.execute(db);
  return rows[0]?.current === true;
}

/** Deletes the files noted while backups ran. */
export async function carryOutDeferredDeletes(store: FileStore, db: Db): Promise<number> {
  let done = 0;
  for (;;) {
    const keys = (
      await db.selectFrom('deferredFileDeletes').select('key').orderBy('key').limit(BATCH).execute()
    ).map((row) => row.key);
    if (keys.length === 0) return done;
    await store.delete(keys);
    await db.deleteFrom('deferredFileDeletes').where('key', 'in', keys).execute();
    done += keys.length;
  }
}

/**
 * The store as the app uses it: deletes wait while a backup runs. One short statement before each
 * delete (deletes are rare: a removed image, a sweeper's batch); files being written are unaffected.
 */
export function deferDeletesDuringBackups(store: FileStore, db: Db): FileStore {
  return {
    driver: store.driver,
    describe: store.describe,
    ...checkOf(store),
    put: (key, body, options) => store.put(key, body, options),
    get: (key) => store.get(key),
    head: (key) => store.head(key),
    exists: (key) => store.exists(key),
    list: (prefix) => store.list(prefix),
    async delete(keys) {
      if (keys.length === 0) return;
      const { rows } = await sql<{ leased: boolean; noted: boolean }>`
        SELECT exists(SELECT 1 FROM backup_leases WHERE expires_at > now()) AS leased,
               exists(SELECT 1 FROM deferred_file_deletes) AS noted`.execute(db);
      if (rows[0]?.leased) {
        await db
          .insertInto('deferredFileDeletes')
          .values(keys.map((key) => ({ key })))
          .onConflict((oc) => oc.column('key').doNothing())
          .execute();
        return;
      }
      await store.delete(keys);
      // Noted during a backup that ended without carrying them out (it crashed).
      if (rows[0]?.noted) await carryOutDeferredDeletes(store, db);
    },
  };
}
