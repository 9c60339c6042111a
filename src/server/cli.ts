import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES, registerInput } from '../shared/schemas/auth';
import { DEFAULT_DEMO_VENDORS, seedDemoData } from './demo/seed';
import { hashPassword } from './domains/auth/password';
import { isCommonPassword } from './domains/auth/password-policy';
import { createDb } from './platform/db/create-db';
import { migrateToLatest } from './platform/db/migrate';
import { type AppConfig, loadConfig, type StorageSettings } from './platform/env';
import { migrateFiles } from './platform/storage/migrate';
import { s3Url } from './platform/storage/s3-store';
import { createFileStore } from './platform/storage/stores';

const USAGE = `Usage:
  npm run db:migrate
  npm run db:seed [-- --vendors N]
  npm run create-admin -- --email EMAIL --name NAME --password PASSWORD
  node dist/server/cli.js storage migrate --to STORE [--from STORE]
    STORE: fs, postgres, s3 (the bucket STORAGE_URL names) or s3://bucket/prefix (with S3_*)`;

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
    },
  });
  const config = loadConfig();
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
