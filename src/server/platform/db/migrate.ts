import { type Kysely, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from '../../../../migrations/index';

const provider: MigrationProvider = {
  getMigrations: async () => migrations,
};

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    // No failed migration means none ran: the database could not be read at all.
    throw new Error(
      failed
        ? `Migration ${failed.migrationName} failed: ${reason}`
        : `Could not read the database's migrations: ${reason}`,
    );
  }
  return result;
}
