import { type Kysely, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';
import { migrations } from '../../../migrations/index';

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
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${reason}`);
  }
  return result;
}
