import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Readable, type Writable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { Db, DbHandle } from '../db/create-db';
import { dumpPglite } from '../db/pglite-dump';
import { PgliteThread } from '../db/pglite-thread';
import type { Database } from '../db/types';
import { takeBackupLease } from '../storage/backup-leases';
import { type FileStore, isFileNotFound } from '../storage/file-store';
import {
  ARCHIVE_FORMAT,
  ArchiveWriter,
  CHECKSUMS,
  type Checksums,
  FILES_PREFIX,
  type FileSum,
  MANIFEST,
  type Manifest,
} from './archive';

/*
 * Taking a backup (decision 042): a lease that holds file deletes back, the database's dump (one
 * snapshot), then the stored files, all into one archive (archive.ts).
 */

/** Leases are the backup's own business: a restored database starts without them. */
const EXCLUDED_DATA = ['--exclude-table-data=public.backup_leases'];

export interface BackupResult {
  manifest: Manifest;
  checksums: Checksums;
}

interface Dumped {
  migration: string;
  /** The files inside the dump (the postgres store), read in the dump's snapshot. */
  filesInDatabase: FileSum[];
  /** The dump: in memory (the embedded database's pg_dump writes it whole) or in a file. */
  body: { buffer: Buffer } | { file: string };
  heldMs: number | null;
}

async function latestMigration(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
  const name = rows[0]?.name;
  if (!name) throw new Error('The database has no migrations applied: there is nothing to back up');
  return name;
}

async function storedFileSums(db: Kysely<Database>): Promise<FileSum[]> {
  const rows = await db
    .selectFrom('storedFiles')
    .select(['key', 'bytes', 'sha256'])
    .where('key', 'is not', null)
    .orderBy('key')
    .execute();
  return rows.map((row) => ({ key: row.key as string, bytes: Number(row.bytes), sha256: row.sha256 ?? '' }));
}

/**
 * The embedded database's dump, through its one session: the connection is held meanwhile, so the
 * app's statements wait (and no statement of theirs runs inside the dump's transaction).
 */
async function dumpEmbedded(handle: DbHandle, inDatabase: boolean): Promise<Dumped> {
  const args = ['--no-owner', '--no-privileges', ...EXCLUDED_DATA];
  return handle.db.connection().execute(async (conn) => {
    const heldFrom = performance.now();
    const migration = await latestMigration(conn);
    const filesInDatabase = inDatabase ? await storedFileSums(conn) : [];
    let text: string;
    if (handle.pglite) {
      text = await dumpPglite(handle.pglite, args);
    } else if (handle.embedded instanceof PgliteThread) {
      text = await handle.embedded.dump(args);
    } else {
      throw new Error('This embedded database cannot be dumped');
    }
    const heldMs = Math.round(performance.now() - heldFrom);
    return { migration, filesInDatabase, body: { buffer: Buffer.from(text, 'utf8') }, heldMs };
  });
}

/** The connection string without its password, which goes to the tools through PGPASSWORD. */
export function toolConnection(connectionString: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** Runs one of PostgreSQL's tools; a failure carries the tool's own sentences. */
export function runTool(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin?: Readable,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: [stdin ? 'pipe' : 'ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    if (stdin && child.stdin) {
      stdin.pipe(child.stdin);
      // The tool stopped reading (it failed): its exit says why.
      child.stdin.on('error', () => undefined);
    }
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${command} was not found: install PostgreSQL's client tools (Debian: postgresql-client) ` +
                "of the server's major version or later",
            )
          : error,
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed: ${stderr.trim() || `exit code ${code}`}`));
    });
  });
}

/**
 * An imported snapshot may be older than this backup's lease, and a file deleted between the two
 * would be named by the snapshot's rows yet missing. It is safe only when a lease visible in the
 * snapshot (ours, or one taken before it, e.g. by the session that exported it) is still held now
 * that ours is: then deletes have been held back from the snapshot's moment on.
 */
async function leaseCovers(client: pg.Client, lease: { id: string; db: Db }): Promise<void> {
  const visible = (
    await client.query<{ id: string }>('SELECT id::text AS id FROM backup_leases WHERE expires_at > now()')
  ).rows.map((row) => row.id);
  if (visible.includes(lease.id)) return;
  const held =
    visible.length === 0
      ? []
      : await lease.db
          .selectFrom('backupLeases')
          .select('id')
          .where('id', 'in', visible)
          .where('expiresAt', '>', new Date())
          .execute();
  if (held.length === 0) {
    throw new Error(
      'That snapshot was exported before any backup lease still held: a file deleted since could be missing ' +
        'from the backup. Export it after taking a lease (decision 042), or back up without --snapshot.',
    );
  }
}

/**
 * PostgreSQL's dump, by pg_dump in its custom format, into `file`. Its snapshot is exported by a
 * transaction of ours, which reads the migration level (and the files in the database) in the very
 * same snapshot; or, with `snapshot`, another session's exported snapshot is imported (as pg_dump's
 * --snapshot), provided a backup lease visible in it is still held (see `leaseCovers`).
 */
async function dumpPostgres(
  connectionString: string,
  file: string,
  inDatabase: boolean,
  lease: { id: string; db: Db },
  imported?: string,
): Promise<Dumped> {
  const client = new pg.Client({ connectionString, application_name: 'simchahub backup' });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    let snapshot: string | undefined;
    if (imported) {
      if (!/^[0-9A-F]+-[0-9A-F]+(-[0-9]+)?$/i.test(imported))
        throw new Error(`Not a snapshot id: ${imported}`);
      await client.query(`SET TRANSACTION SNAPSHOT '${imported}'`);
      snapshot = imported;
      await leaseCovers(client, lease);
    } else {
      snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]?.id;
    }
    const migration = (
      await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1')
    ).rows[0]?.name;
    if (!migration || !snapshot)
      throw new Error('The database has no migrations applied: there is nothing to back up');
    const filesInDatabase = inDatabase
      ? (
          await client.query<{ key: string; bytes: string | number; sha256: string }>(
            'SELECT key, bytes, sha256 FROM stored_files WHERE key IS NOT NULL ORDER BY key',
          )
        ).rows.map((row) => ({ key: row.key, bytes: Number(row.bytes), sha256: row.sha256 }))
      : [];
    const { url, env } = toolConnection(connectionString);
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${snapshot}`,
        '--no-owner',
        '--no-privileges',
        ...EXCLUDED_DATA,
        `--file=${file}`,
        `--dbname=${url}`,
      ],
      env,
    );
    return { migration, filesInDatabase, body: { file }, heldMs: null };
  } finally {
    await client.query('COMMIT').catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

export interface BackupOptions {
  /** A folder for the PostgreSQL dump while the archive is written (beside the archive). */
  workDir: string;
  /** Called once the database is dumped: answers where the archive goes. */
  open: () => Writable | Promise<Writable>;
  now?: () => Date;
  /** PostgreSQL only: back up as this exported snapshot sees the database (pg_export_snapshot()). */
  snapshot?: string;
}

/**
 * Writes a backup of the database of `handle` and the files of `store` (the driver's own store,
 * not one whose deletes wait for backups).
 */
export async function writeBackup(
  handle: DbHandle,
  store: FileStore,
  options: BackupOptions,
): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  const inDatabase = store.driver === 'postgres';
  const lease = await takeBackupLease(handle.db, now);
  const dumpFile = path.join(options.workDir, `.simchahub-dump-${lease.id}`);
  try {
    const createdAt = now();
    let dumped: Dumped;
    if (handle.kind === 'pglite') {
      if (options.snapshot)
        throw new Error('--snapshot is for PostgreSQL: the embedded database has one session');
      dumped = await dumpEmbedded(handle, inDatabase);
    } else {
      if (!handle.connectionString) throw new Error('No connection string for pg_dump');
      dumped = await dumpPostgres(
        handle.connectionString,
        dumpFile,
        inDatabase,
        { id: lease.id, db: handle.db },
        options.snapshot,
      );
    }
    const manifest: Manifest = {
      app: 'simchahub',
      format: ARCHIVE_FORMAT,
      createdAt: createdAt.toISOString(),
      migration: dumped.migration,
      database:
        handle.kind === 'pglite'
          ? { kind: 'pglite', entry: 'database.sql', format: 'plain' }
          : { kind: 'postgres', entry: 'database.pgdump', format: 'custom' },
      files: { driver: store.driver, inDatabase },
    };
    const writer = new ArchiveWriter(await options.open());
    await writer.json(MANIFEST, manifest);
    const { body } = dumped;
    const database =
      'buffer' in body
        ? await writer.stream(manifest.database.entry, body.buffer.length, Readable.from([body.buffer]))
        : await writer.stream(
            manifest.database.entry,
            (await stat(body.file)).size,
            createReadStream(body.file),
          );
    let files: FileSum[] = dumped.filesInDatabase;
    let vanished = 0;
    if (!inDatabase) {
      files = [];
      for await (const info of store.list('')) {
        let opened: Awaited<ReturnType<FileStore['get']>>;
        try {
          opened = await store.get(info.key);
        } catch (error) {
          // Deleted between the listing and now: no row of the snapshot names it (backup-leases.ts).
          if (isFileNotFound(error)) {
            vanished += 1;
            continue;
          }
          throw error;
        }
        const sum = await writer.stream(`${FILES_PREFIX}${info.key}`, opened.bytes, opened.body);
        files.push({ key: info.key, bytes: sum.bytes, sha256: sum.sha256 });
      }
    }
    const checksums: Checksums = {
      database: { bytes: database.bytes, sha256: database.sha256 },
      files,
      fileCount: files.length,
      fileBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      vanished,
      databaseHeldMs: dumped.heldMs,
    };
    await writer.json(CHECKSUMS, checksums);
    await writer.finish();
    return { manifest, checksums };
  } finally {
    await rm(dumpFile, { force: true });
    // A lease that cannot be released now (the database gone) expires on its own: the backup's own
    // outcome is what is reported.
    await lease.release(store).catch(() => undefined);
  }
}
