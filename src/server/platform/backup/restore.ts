import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import pg from 'pg';
import { migrations } from '../../../../migrations/index';
import { createPgliteDb, createPostgresDb, type DbHandle } from '../db/create-db';
import type { StorageSettings } from '../env';
import { sha256Of } from '../storage/file-store';
import { driverStore } from '../storage/stores';
import { ArchiveError, type Checksums, type Manifest, readArchive } from './archive';
import { runTool, toolConnection } from './backup';

/*
 * Restoring a backup (decision 042) into an empty database and an empty file store: the archive is
 * read through and checked first, so a truncated or corrupt one changes nothing; then read again,
 * the dump loaded and the files written, each file's SHA-256 checked again as it is written.
 */

export interface RestoreTarget {
  /** DATABASE_URL of an empty PostgreSQL database; absent: the embedded database in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  storage: StorageSettings;
}

export interface RestoreResult {
  manifest: Manifest;
  checksums: Checksums;
  describe: string;
}

async function tablesIn(connectionString: string): Promise<number> {
  const client = new pg.Client({ connectionString, application_name: 'simchahub restore' });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND s.nspname NOT IN ('pg_catalog', 'information_schema')
          AND s.nspname NOT LIKE 'pg_toast%'`,
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * earthdistance's ll_to_earth (a generated column's expression) names the type earth without its
 * schema, and pg_restore runs with an empty search_path: before PostgreSQL 16's earthdistance, the
 * restore fails with 'type "earth" does not exist'. The function looks in public while the dump is
 * loaded, and is as the extension made it afterwards.
 */
async function earthdistanceSearchPath(connectionString: string, during: boolean): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'simchahub restore' });
  await client.connect();
  try {
    if (during) {
      await client.query('CREATE EXTENSION IF NOT EXISTS cube WITH SCHEMA public');
      await client.query('CREATE EXTENSION IF NOT EXISTS earthdistance WITH SCHEMA public');
      await client.query('ALTER FUNCTION public.ll_to_earth(float8, float8) SET search_path = public');
    } else {
      await client.query('ALTER FUNCTION public.ll_to_earth(float8, float8) RESET search_path');
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Refuses an archive this version cannot restore, or a target that is not empty. */
async function checkTarget(manifest: Manifest, target: RestoreTarget): Promise<void> {
  if (!Object.hasOwn(migrations, manifest.migration)) {
    throw new ArchiveError(
      `This backup comes from a newer version of SimchaHub (its database is at migration ${manifest.migration}, ` +
        'which this version does not know): restore it with that version or a later one',
    );
  }
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new ArchiveError(
      manifest.database.kind === 'postgres'
        ? 'This backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it'
        : 'This backup holds an embedded database: unset DATABASE_URL and set DATA_DIR to an empty folder to restore it',
    );
  }
  if (manifest.files.inDatabase && target.storage.driver !== 'postgres') {
    throw new ArchiveError(
      'The files of this backup are in its database (the postgres store): restore with STORAGE_URL=postgres:',
    );
  }
  if (target.databaseUrl) {
    const tables = await tablesIn(target.databaseUrl);
    if (tables > 0) {
      throw new ArchiveError(
        `The database ${toolConnection(target.databaseUrl).url.replace(/^postgres(ql)?:\/\/[^@]*@/, 'postgres://')} ` +
          `is not empty (${tables} tables): a backup is restored into an empty database only (createdb a new one)`,
      );
    }
  } else if (!(await isEmptyDir(path.join(target.dataDir, 'pgdata')))) {
    throw new ArchiveError(
      `${target.dataDir} holds a database already: a backup is restored into an empty DATA_DIR only`,
    );
  }
  if (target.storage.driver === 'fs') {
    for (const folder of ['uploads', 'attachments']) {
      const dir = path.join(target.storage.root, folder);
      if (!(await isEmptyDir(dir))) {
        throw new ArchiveError(`${dir} is not empty: a backup is restored into an empty DATA_DIR only`);
      }
    }
  }
}

async function text(body: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

export async function restoreBackup(
  file: string,
  target: RestoreTarget,
  log: (line: string) => void = () => undefined,
): Promise<RestoreResult> {
  // First read: the whole archive checked before anything is written.
  const checked = await readArchive(file);
  await checkTarget(checked.manifest, target);
  log(`The archive is whole: ${checked.checksums.fileCount} files, every SHA-256 as recorded. Restoring ...`);
  const expected = new Map(checked.checksums.files.map((f) => [f.key, f]));

  let handle: DbHandle | undefined;
  try {
    const opened = async (): Promise<DbHandle> => {
      if (!handle) throw new Error('The database entry did not come first');
      return handle;
    };
    await readArchive(file, {
      async database(body) {
        if (target.databaseUrl) {
          const { url, env } = toolConnection(target.databaseUrl);
          await earthdistanceSearchPath(target.databaseUrl, true);
          await runTool(
            'pg_restore',
            ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', `--dbname=${url}`],
            env,
            body,
          );
          await earthdistanceSearchPath(target.databaseUrl, false);
          handle = createPostgresDb(target.databaseUrl, { max: 2, statementTimeoutMs: 0 });
        } else {
          // The embedded pg_dump writes plain SQL, run whole (as pglite-tools restores it).
          const dump = await text(body);
          handle = await createPgliteDb(target.dataDir);
          if (!handle.pglite) throw new Error('The embedded database did not open in this thread');
          await handle.pglite.exec(dump);
          // The dump empties search_path for its session: the statements below use the default.
          await handle.pglite.exec('SET search_path TO "$user", public');
        }
      },
      async file(key, body) {
        const store = driverStore(target.storage, (await opened()).db);
        const written = await store.put(key, body);
        const want = expected.get(key);
        if (!want || want.sha256 !== written.sha256) {
          throw new ArchiveError(`The file ${key} was written with another SHA-256 than the one recorded`);
        }
      },
    });
    const db = (await opened()).db;
    if (checked.manifest.files.inDatabase) {
      // In the dump: each read back from the restored database and hashed.
      const store = driverStore(target.storage, db);
      for (const want of checked.checksums.files) {
        if ((await sha256Of((await store.get(want.key)).body)).sha256 !== want.sha256) {
          throw new ArchiveError(
            `The file ${want.key} was restored with another SHA-256 than the one recorded`,
          );
        }
      }
    }
    return { ...checked, describe: (await opened()).describe };
  } finally {
    await handle?.db.destroy();
  }
}
