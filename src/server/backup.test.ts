import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser } from './demo/factories';
import { readArchive } from './platform/backup/archive';
import { createPgliteDb, createPostgresDb, type Db, type DbHandle } from './platform/db/create-db';
import { migrateToLatest } from './platform/db/migrate';
import { takeBackupLease } from './platform/storage/backup-leases';
import { sha256Of } from './platform/storage/file-store';
import { createFsStore } from './platform/storage/fs-store';
import { createPostgresStore } from './platform/storage/postgres-store';
import { freePort } from './test/private-postgres';
import { startProcess, waitForHealth } from './test/server-process';
import { phoneJpeg } from './test/uploads';

/**
 * `cli.js backup` taken while a real server takes uploads and attachments, then `cli.js restore`
 * into a fresh DATA_DIR (embedded) or a fresh database (PostgreSQL, with TEST_DATABASE_URL): every
 * table of the restored database is the source's as of the backup's snapshot, and every file is
 * there with the source's SHA-256.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const cleanups: Array<() => Promise<unknown>> = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const cli = (env: NodeJS.ProcessEnv, ...args: string[]) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server/cli.ts', ...args], {
    env: { ...process.env, LOG_LEVEL: 'warn', STORAGE_URL: '', ...env },
  });

type Rows = (text: string) => Promise<Record<string, string>[]>;
const rowsOf =
  (db: Db): Rows =>
  async (text) =>
    (await sql.raw<Record<string, string>>(text).execute(db)).rows;

/** Every table's rows, all columns, in one order: the database as a comparable value. */
async function tables(from: Db | Rows): Promise<Map<string, string[]>> {
  const query = typeof from === 'function' ? from : rowsOf(from);
  const names = await query(`
    SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`);
  const out = new Map<string, string[]>();
  for (const { name } of names) {
    const rows = await query(`SELECT row_to_json(t)::text AS r FROM "${name}" t ORDER BY 1`);
    out.set(
      name as string,
      rows.map((row) => row.r as string),
    );
  }
  return out;
}

/** Tables every request may write (limits, sessions, counters): compared as far as the load leaves them. */
const BUSY = new Set([
  'rate_limits',
  'sessions',
  'users',
  'login_backoff',
  'known_devices',
  'server_error_minutes',
  'audit_log',
  'idempotency_keys',
]);
/** Tables the load adds rows to and never changes a row of. */
const GROWING = new Set([
  'uploads',
  'attachments',
  'stored_files',
  'stored_file_chunks',
  'live_events',
  'platform_counters',
  'platform_daily_counters',
]);

interface Write {
  kind: 'upload' | 'attachment';
  id: string;
  sentAt: number;
  ackedAt: number;
}

async function signIn(base: string, user: { email: string; password: string }): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  expect(login.status).toBe(200);
  return login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] as string)
    .find((c) => c.startsWith('simchahub_session=')) as string;
}

function form(field: string, content: Buffer, filename: string, type: string): FormData {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(content)], { type }), filename);
  return data;
}

/** Uploads and attachments, two at a time, until `stop` is set: what was acknowledged, and when. */
function writeLoad(base: string, cookie: string, image: Buffer) {
  const writes: Write[] = [];
  let busy = 0;
  let stop = false;
  const worker = async (n: number) => {
    for (let i = 0; !stop; i++) {
      const kind = (i + n) % 2 === 0 ? 'upload' : 'attachment';
      const sentAt = Date.now();
      const res = await fetch(`${base}${kind === 'upload' ? '/api/upload' : '/api/attachments'}`, {
        method: 'POST',
        headers: { cookie },
        body:
          kind === 'upload'
            ? form('image', image, 'photo.jpg', 'image/jpeg')
            : form('file', PDF, 'plan.pdf', 'application/pdf'),
      });
      const ackedAt = Date.now();
      if (res.status === 503) {
        busy += 1;
        await res.body?.cancel();
        continue;
      }
      expect(res.status, await res.clone().text()).toBe(201);
      const body = (await res.json()) as { id?: string; url?: string };
      const id =
        kind === 'upload'
          ? (body.url as string).replace(/^\/uploads\//, '').replace(/\.webp$/, '')
          : (body.id as string);
      writes.push({ kind, id, sentAt, ackedAt });
    }
  };
  const running = Promise.all([worker(0), worker(1)]);
  return {
    writes,
    busy: () => busy,
    async stop() {
      stop = true;
      await running;
    },
  };
}

interface Scenario {
  /** The server's environment (DATA_DIR, DATABASE_URL). */
  env: NodeJS.ProcessEnv;
  /** The database as the test reads it, once the server has stopped. */
  openSource: () => Promise<DbHandle>;
  /** Where the restore goes, and the database there once restored. */
  restoreEnv: NodeJS.ProcessEnv;
  openRestored: () => Promise<DbHandle>;
  /** The source's and the restored files by key (empty for files kept in the database). */
  fileRoots: { source: string; restored: string } | null;
  /**
   * PostgreSQL: the source's URL. The test then exports a snapshot (after taking a backup lease, as
   * --snapshot requires), has the backup taken in it, and reads every table in it: the source at the
   * backup's moment, exactly.
   */
  snapshotOf?: string;
}

/** The backup taken in a snapshot the test exported, and every table of the source as it sees it. */
async function backupInExportedSnapshot(s: Scenario, archive: string, sourceUrl: string) {
  const handle = createPostgresDb(sourceUrl, { max: 1 });
  const lease = await takeBackupLease(handle.db);
  const client = new pg.Client({ connectionString: sourceUrl });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const backup = await cli(s.env, 'backup', '--out', archive, '--snapshot', rows[0]?.id as string);
    const atSnapshot = await tables(async (text) => (await client.query<Record<string, string>>(text)).rows);
    return { backup, atSnapshot };
  } finally {
    await client.query('COMMIT').catch(() => undefined);
    await client.end();
    await lease.release(createPostgresStore(handle.db));
    await handle.db.destroy();
  }
}

async function backupUnderLoad(s: Scenario, archive: string) {
  // The user is made before the server starts: the embedded database is the server's alone then.
  const prepared = await s.openSource();
  await migrateToLatest(prepared.db);
  const user = await createUser(prepared.db, { role: 'customer', emailConfirmed: true });
  await prepared.db.destroy();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    CLIENT_DIR: '/nonexistent-client-build',
    STORAGE_URL: '',
    UPLOADS_PER_MINUTE: '100000',
    ATTACHMENTS_PER_MINUTE: '100000',
    ...s.env,
  });
  cleanups.push(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });
  await waitForHealth(base, server, 120_000);
  const cookie = await signIn(base, user);

  const load = writeLoad(base, cookie, await phoneJpeg(200, 150));
  // Some writes before, the backup in the middle of the others.
  while (load.writes.length < 6) await new Promise((r) => setTimeout(r, 100));
  const backupStarted = Date.now();
  const { backup, atSnapshot } = s.snapshotOf
    ? await backupInExportedSnapshot(s, archive, s.snapshotOf)
    : { backup: await cli(s.env, 'backup', '--out', archive), atSnapshot: null };
  const backupEnded = Date.now();
  const after = load.writes.length;
  while (load.writes.length < after + 4) await new Promise((r) => setTimeout(r, 100));
  await load.stop();
  server.child.kill('SIGTERM');
  const exit = await server.exited;
  expect(exit.code, server.output()).toBe(0);
  return {
    backup,
    atSnapshot,
    backupStarted,
    backupEnded,
    writes: load.writes,
    busy: load.busy(),
    serverLog: server.output(),
  };
}

async function checkRestore(s: Scenario, archive: string, run: Awaited<ReturnType<typeof backupUnderLoad>>) {
  const restore = await cli(s.restoreEnv, 'restore', '--in', archive);
  expect(restore.stdout).toContain('Restored');
  const { checksums } = await readArchive(archive);

  const sourceHandle = await s.openSource();
  const restoredHandle = await s.openRestored();
  try {
    const source = await tables(sourceHandle.db);
    const restored = await tables(restoredHandle.db);
    expect([...restored.keys()]).toEqual([...source.keys()]);
    if (run.atSnapshot) {
      // Every table exactly as the backup's snapshot saw it; leases are not data worth restoring.
      for (const [name, rows] of run.atSnapshot) {
        expect(restored.get(name), name).toEqual(name === 'backup_leases' ? [] : rows);
      }
    }
    const differing: string[] = [];
    for (const [name, rows] of source) {
      const back = restored.get(name) ?? [];
      if (JSON.stringify(back) === JSON.stringify(rows)) continue;
      differing.push(name);
      // Compared exactly above where the test shares the backup's snapshot.
      if (run.atSnapshot) continue;
      if (GROWING.has(name)) {
        // The snapshot's rows, each whole and as the source has it: only later rows are missing.
        const all = new Set(rows);
        expect(
          back.filter((row) => !all.has(row)),
          name,
        ).toEqual([]);
      } else {
        expect(BUSY.has(name), `${name} differs from the source`).toBe(true);
      }
    }
    // Every write acknowledged before the backup started is in it; none sent after it ended.
    const ids = async (db: Db, table: 'uploads' | 'attachments') =>
      new Set(
        (await sql<{ id: string }>`SELECT id::text AS id FROM ${sql.table(table)}`.execute(db)).rows.map(
          (r) => r.id,
        ),
      );
    const restoredIds = {
      upload: await ids(restoredHandle.db, 'uploads'),
      attachment: await ids(restoredHandle.db, 'attachments'),
    };
    const before = run.writes.filter((w) => w.ackedAt < run.backupStarted);
    const later = run.writes.filter((w) => w.sentAt > run.backupEnded);
    expect(before.length).toBeGreaterThan(0);
    expect(later.length).toBeGreaterThan(0);
    for (const w of before)
      expect(restoredIds[w.kind].has(w.id), `${w.kind} ${w.id} acknowledged before`).toBe(true);
    for (const w of later) expect(restoredIds[w.kind].has(w.id), `${w.kind} ${w.id} sent after`).toBe(false);
    expect(differing).toEqual(expect.arrayContaining(['uploads', 'attachments']));

    // Every file: in the restored store with the source's SHA-256, and every row's file among them.
    if (s.fileRoots) {
      const from = createFsStore(s.fileRoots.source);
      const to = createFsStore(s.fileRoots.restored);
      const keys: string[] = [];
      for await (const info of to.list('')) keys.push(info.key);
      expect(keys.sort()).toEqual(checksums.files.map((f) => f.key).sort());
      for (const key of keys) {
        const [a, b] = [await sha256Of((await from.get(key)).body), await sha256Of((await to.get(key)).body)];
        expect(b.sha256, key).toBe(a.sha256);
      }
      const named = new Set(keys);
      for (const id of restoredIds.upload) expect(named.has(`images/${id}.webp`), id).toBe(true);
      for (const id of restoredIds.attachment) expect(named.has(`attachments/${id}`), id).toBe(true);
    } else {
      // In the database: stored_files compared above; each file's bytes hashed against its row.
      const rows = await sql<{ key: string; sha256: string; data: Uint8Array }>`
        SELECT f.key, f.sha256, string_agg(c.data, ''::bytea ORDER BY c.n) AS data
          FROM stored_files f JOIN stored_file_chunks c ON c.file_id = f.id
         WHERE f.key IS NOT NULL GROUP BY f.key, f.sha256`.execute(restoredHandle.db);
      expect(rows.rows.length).toBe(checksums.fileCount);
      for (const row of rows.rows) {
        expect(
          (
            await sha256Of(
              (async function* () {
                yield row.data;
              })(),
            )
          ).sha256,
          row.key,
        ).toBe(row.sha256);
      }
    }
  } finally {
    await sourceHandle.db.destroy();
    await restoredHandle.db.destroy();
  }
}

describe('backup and restore of the embedded database under write load', () => {
  it('restores every table as of the snapshot and every file with its SHA-256', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'simchahub-backup-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const dataDir = path.join(work, 'data');
    const restoredDir = path.join(work, 'restored');
    const archive = path.join(work, 'backup.tar');
    const scenario: Scenario = {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      openSource: () => createPgliteDb(dataDir),
      restoreEnv: { DATA_DIR: restoredDir, DATABASE_URL: '' },
      openRestored: () => createPgliteDb(restoredDir),
      fileRoots: { source: dataDir, restored: restoredDir },
    };
    const run = await backupUnderLoad(scenario, archive);
    expect(run.backup.stdout).toContain('Asking the server running on');
    const held = /held for (\d+) ms/.exec(run.backup.stdout)?.[1];
    console.info(
      `embedded: ${run.writes.length} writes, ${run.busy} answered 503 while the database was held; ` +
        `${run.backup.stdout.trim()} (archive ${(await readFile(archive)).length} bytes)`,
    );
    expect(Number(held)).toBeGreaterThan(0);
    await checkRestore(scenario, archive, run);

    // A second backup to the same name is refused; restoring into a DATA_DIR with a database too.
    await expect(cli(scenario.env, 'backup', '--out', archive)).rejects.toMatchObject({
      stderr: expect.stringContaining('exists: pass --force to replace it'),
    });
    await expect(cli(scenario.restoreEnv, 'restore', '--in', archive)).rejects.toMatchObject({
      stderr: expect.stringContaining('holds a database already'),
    });
    // A truncated archive changes nothing.
    const cut = path.join(work, 'cut.tar');
    const bytes = await readFile(archive);
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const emptyDir = path.join(work, 'empty');
    await expect(cli({ DATA_DIR: emptyDir, DATABASE_URL: '' }, 'restore', '--in', cut)).rejects.toMatchObject(
      {
        stderr: expect.stringMatching(/truncated or corrupt|is truncated/),
      },
    );
  }, 300_000);
});

describe.skipIf(!adminUrl)('backup and restore of PostgreSQL under write load', () => {
  it('restores every table as of the snapshot and every file (in the database) with its SHA-256', async () => {
    const admin = createPostgresDb(adminUrl as string, { max: 1 });
    cleanups.push(() => admin.db.destroy());
    const urlOf = (name: string) => {
      const url = new URL(adminUrl as string);
      url.pathname = `/${name}`;
      return url.toString();
    };
    const suffix = randomBytes(5).toString('hex');
    const [from, to] = [`simchahub_backup_${suffix}`, `simchahub_restored_${suffix}`];
    for (const name of [from, to]) {
      await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
      cleanups.push(() => sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db));
    }
    const work = await mkdtemp(path.join(os.tmpdir(), 'simchahub-backup-pg-'));
    cleanups.push(() => rm(work, { recursive: true, force: true }));
    const archive = path.join(work, 'backup.tar');
    const scenario: Scenario = {
      env: { DATABASE_URL: urlOf(from), DATA_DIR: path.join(work, 'data') },
      openSource: async () => createPostgresDb(urlOf(from), { max: 2 }),
      restoreEnv: { DATABASE_URL: urlOf(to), DATA_DIR: path.join(work, 'restored') },
      openRestored: async () => createPostgresDb(urlOf(to), { max: 2 }),
      fileRoots: null,
      snapshotOf: urlOf(from),
    };
    const run = await backupUnderLoad(scenario, archive);
    console.info(`postgres: ${run.writes.length} writes; ${run.backup.stdout.trim()}`);
    expect(run.backup.stdout).toContain('inside the database');
    await checkRestore(scenario, archive, run);
    // Restoring again into the now full database is refused.
    await expect(cli(scenario.restoreEnv, 'restore', '--in', archive)).rejects.toMatchObject({
      stderr: expect.stringContaining('is not empty'),
    });
    // A snapshot exported while no backup lease was held is refused: a file deleted between it and
    // the backup's own lease could be missing.
    const client = new pg.Client({ connectionString: urlOf(from) });
    await client.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
      await expect(
        cli(
          scenario.env,
          'backup',
          '--out',
          path.join(work, 'early.tar'),
          '--snapshot',
          rows[0]?.id as string,
        ),
      ).rejects.toMatchObject({
        stderr: expect.stringContaining('exported before any backup lease still held'),
      });
    } finally {
      await client.query('COMMIT');
      await client.end();
    }
  }, 300_000);
});
