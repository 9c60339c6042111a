import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { ACCOUNT_MESSAGES, registerInput } from '../shared/schemas/auth';
import { DEFAULT_DEMO_VENDORS, seedDemoData } from './demo/seed';
import { hashPassword } from './domains/auth/password';
import { isCommonPassword } from './domains/auth/password-policy';
import { createDb } from './platform/db/create-db';
import { migrateToLatest } from './platform/db/migrate';
import { loadConfig } from './platform/env';

const USAGE = `Usage:
  npm run db:migrate
  npm run db:seed [-- --vendors N]
  npm run create-admin -- --email EMAIL --name NAME --password PASSWORD`;

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  const { values } = parseArgs({
    args: rest,
    options: {
      vendors: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      password: { type: 'string' },
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
