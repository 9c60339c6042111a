import { createWriteStream, existsSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES, registerInput } from '../shared/schemas/auth';
import { DEFAULT_DEMO_VENDORS, seedDemoData } from './demo/seed';
import { hashPassword } from './domains/auth/password';
import { isCommonPassword } from './domains/auth/password-policy';
import { readArchive } from './platform/backup/archive';
import { writeBackup } from './platform/backup/backup';
import { controlSocketPath, socketAnswers } from './platform/backup/control-socket';
import { restoreBackup } from './platform/backup/restore';
import { createDb } from './platform/db/create-db';
import { migrateToLatest } from './platform/db/migrate';
import { type AppConfig, loadConfig, type StorageSettings } from './platform/env';
import { migrateFiles } from './platform/storage/migrate';
import { s3Url } from './platform/storage/s3-store';
import { createFileStore, driverStore } from './platform/storage/stores';

const USAGE = `Usage:
  npm run db:migrate
  npm run db:seed [-- --vendors N]
  npm run create-admin -- --email EMAIL --name NAME --password PASSWORD
  node dist/server/cli.js storage migrate --to STORE [--from STORE]
    STORE: fs, postgres, s3 (the bucket STORAGE_URL names) or s3://bucket/prefix (with S3_*)
  npm run backup -- --out FILE [--force]
  npm run restore -- --in FILE
  node dist/server/cli.js backup --out FILE [--force] [--snapshot ID]
  node dist/server/cli.js restore --in FILE`;

const DRIVERS = ['fs', 'postgres', 's3', 's3://bucket/prefix'] as const;

/**
 * The store an option names: `fs` and `postgres` as a server would use them, `s3` the bucket of
 * STORAGE_URL (so an operator sets STORAGE_URL=s3://... first, then copies into it), or
 * `s3://bucket/prefix` for another bucket, reached with the S3_* settings and credentials.
 */
function storeOption(
  value: string | undefined,
  option: string,
  config: AppConfig,
): StorageSettings | undefined {
  if (value === undefined) return undefined;
  if (value === 'fs' || value === 'postgres') return { ...config.storage, driver: value };
  if (value === 's3') {
    if (config.storage.driver !== 's3') {
      throw new Error(
        `${option} s3 copies to the bucket STORAGE_URL names, and STORAGE_URL is not s3://: set it, or name the bucket (${option} s3://bucket/prefix)`,
      );
    }
    return config.storage;
  }
  if (value.startsWith('s3://')) return loadConfig({ ...process.env, STORAGE_URL: value }).storage;
  throw new Error(`${option} must be one of ${DRIVERS.join(', ')}`);
}

/** How STORAGE_URL names a store. */
function storageUrlOf(settings: StorageSettings): string {
  return settings.driver === 's3' && settings.s3 ? s3Url(settings.s3) : `${settings.driver}:`;
}

/** The same store, named twice. */
function sameStore(a: StorageSettings, b: StorageSettings): boolean {
  if (a.driver !== b.driver) return false;
  return a.driver !== 's3' || (storageUrlOf(a) === storageUrlOf(b) && a.s3?.endpoint === b.s3?.endpoint);
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Asks the running server (its control socket) for the archive, written into `file`. */
async function backupThroughServer(socketFile: string, file: string): Promise<void> {
  const socket = net.connect(socketFile);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write('backup\n');
  const out = createWriteStream(file, { flags: 'wx', mode: 0o600 });
  let head = Buffer.alloc(0);
  let answered = false;
  await pipeline(
    socket,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        if (answered) {
          yield chunk;
          continue;
        }
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf(10);
        if (end < 0) continue;
        const line = head.subarray(0, end).toString('utf8');
        if (line !== 'OK') throw new Error(`The server refused the backup: ${line.replace(/^ERROR /, '')}`);
        answered = true;
        yield head.subarray(end + 1);
      }
      if (!answered) throw new Error('The server closed the connection without an answer');
    },
    out,
  );
}

async function backupCommand(
  config: AppConfig,
  out: string,
  { force, snapshot }: { force: boolean; snapshot: string | undefined },
): Promise<void> {
  const target = path.resolve(out);
  if (existsSync(target) && !force) throw new Error(`${target} exists: pass --force to replace it`);
  // Written under another name and renamed when whole and checked: FILE is never half an archive.
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.partial-${process.pid}`);
  const socketFile = controlSocketPath(config.dataDir);
  try {
    if (snapshot && !config.databaseUrl) throw new Error('--snapshot is for PostgreSQL (DATABASE_URL)');
    if (!config.databaseUrl && (await socketAnswers(socketFile))) {
      console.info(`Asking the server running on ${config.dataDir} for a backup ...`);
      await backupThroughServer(socketFile, temp);
    } else {
      const handle = await createDb({
        ...config,
        database: { ...config.database, statementTimeoutMs: 0, embeddedThread: false },
      });
      try {
        console.info(`Backing up ${handle.describe} ...`);
        await writeBackup(handle, driverStore(config.storage, handle.db), {
          workDir: path.dirname(target),
          open: () => createWriteStream(temp, { flags: 'wx', mode: 0o600 }),
          ...(snapshot ? { snapshot } : {}),
        });
      } finally {
        await handle.db.destroy();
      }
    }
    const handle = await open(temp, 'r');
    await handle.sync().finally(() => handle.close());
    // Read back whole before it takes FILE's name.
    const { manifest, checksums } = await readArchive(temp);
    await rename(temp, target);
    const held =
      checksums.databaseHeldMs === null ? '' : `; the database was held for ${checksums.databaseHeldMs} ms`;
    console.info(
      `Backup written to ${target} and read back whole: the database (${megabytes(checksums.database.bytes)}, ` +
        `migration ${manifest.migration}) and ${checksums.fileCount} files (${megabytes(checksums.fileBytes)}` +
        `${manifest.files.inDatabase ? ', inside the database' : ''})${held}.`,
    );
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function restoreCommand(config: AppConfig, file: string): Promise<void> {
  const result = await restoreBackup(path.resolve(file), config, (line) => console.info(line));
  console.info(
    `Restored ${result.describe} from ${path.resolve(file)} (taken ${result.manifest.createdAt}, ` +
      `migration ${result.manifest.migration}) and ${result.checksums.fileCount} files, each with its recorded SHA-256. ` +
      'Start the server: it applies any newer migrations.',
  );
}

async function main(): Promise<void> {
  const [command, ...afterCommand] = process.argv.slice(2);
  // `storage migrate`: a command of two words.
  const subcommand = command === 'storage' ? afterCommand[0] : undefined;
  const rest = command === 'storage' ? afterCommand.slice(1) : afterCommand;
  const { values } = parseArgs({
    args: rest,
    options: {
      vendors: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      out: { type: 'string' },
      in: { type: 'string' },
      force: { type: 'boolean' },
      snapshot: { type: 'string' },
    },
  });
  const config = loadConfig();
  // Neither opens the database as the others do: a backup may ask the running server for it, and a
  // restore needs an empty one (no migrations run first).
  if (command === 'backup' || command === 'restore') {
    const file = command === 'backup' ? values.out : values.in;
    if (!file) {
      console.error(USAGE);
      process.exitCode = 2;
      return;
    }
    if (command === 'backup')
      await backupCommand(config, file, { force: values.force === true, snapshot: values.snapshot });
    else await restoreCommand(config, file);
    return;
  }
  // Migrations and seeding may run long: no statement timeout for the command line.
  const handle = await createDb({ ...config, database: { ...config.database, statementTimeoutMs: 0 } });
  try {
    await migrateToLatest(handle.db);
    switch (command) {
      case 'migrate':
        console.info(`Migrations applied (${handle.describe}).`);
        break;
      case 'seed': {
        const vendors = values.vendors ? Number.parseInt(values.vendors, 10) : DEFAULT_DEMO_VENDORS;
        if (!Number.isInteger(vendors) || vendors < 0) throw new Error('--vendors must be a whole number');
        const result = await seedDemoData(handle.db, { vendors });
        console.info(
          result.seeded
            ? `Seeded demo data with ${vendors} generated vendors.`
            : `Nothing to do: ${result.reason}.`,
        );
        break;
      }
      case 'create-admin': {
        // The same rules as sign-up, so an admin's password is never weaker than a customer's.
        const input = registerInput.parse({
          name: values.name,
          email: values.email,
          password: values.password,
        });
        if (isCommonPassword(input.password)) throw new Error(ACCOUNT_MESSAGES.passwordTooCommon);
        const existing = await handle.db
          .selectFrom('users')
          .select('id')
          .where(sql<string>`lower(email)`, '=', input.email.toLowerCase())
          .executeTakeFirst();
        if (existing) throw new Error(`An account with the email ${input.email} already exists`);
        await handle.db
          .insertInto('users')
          .values({
            email: input.email,
            name: input.name,
            passwordHash: await hashPassword(input.password),
            role: 'admin',
          })
          .execute();
        console.info(`Admin ${input.email} created.`);
        break;
      }
      case 'storage': {
        if (subcommand !== 'migrate' || values.to === undefined) {
          console.error(USAGE);
          process.exitCode = 2;
          break;
        }
        // From the store this server uses (STORAGE_URL, or the database's default) unless --from says.
        const from = storeOption(values.from, '--from', config) ?? config.storage;
        const to = storeOption(values.to, '--to', config) ?? config.storage;
        if (sameStore(from, to)) {
          throw new Error(
            `The files are in ${from.driver === 's3' ? storageUrlOf(from) : from.driver} already`,
          );
        }
        const source = createFileStore(from, handle.db);
        const target = createFileStore(to, handle.db);
        // A missing bucket or refused credentials: one sentence before anything is copied.
        await source.check?.();
        await target.check?.();
        console.info(`Copying the stored files from ${source.describe} to ${target.describe} ...`);
        const summary = await migrateFiles(source, target, { log: (line) => console.info(line) });
        console.info(
          `${summary.files} files: ${summary.copied} copied (${megabytes(summary.bytes)}), each read back with the same SHA-256; ` +
            `${summary.skipped} already there with the same SHA-256; ${summary.failed.length} failed.`,
        );
        for (const failure of summary.failed) console.error(`  ${failure.key}: ${failure.reason}`);
        if (summary.failed.length > 0) {
          console.error('Run the command again to retry the files that failed.');
          process.exitCode = 1;
        } else {
          console.info(
            `Every file is in ${target.describe}. Servers use it with STORAGE_URL=${storageUrlOf(to)}` +
              ' (the source is left as it was).',
          );
        }
        break;
      }
      default:
        console.error(USAGE);
        process.exitCode = 2;
    }
  } finally {
    await handle.db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
