import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './types';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Human-readable location for logs; never includes a password. */
  describe: string;
  /** The embedded engine, when there is one (the tests snapshot it). */
  pglite?: PGlite;
}

// numeric stays a decimal string (pg's default); int8 (counts) becomes a number: every count fits.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export const pgliteExtensions = { pg_trgm, cube, earthdistance, btree_gist };

export function kyselyFor(dialect: PostgresDialect | PGliteDialect): Db {
  return new Kysely<Database>({ dialect, plugins: [new CamelCasePlugin()] });
}

export function createPostgresDb(connectionString: string, options: { max?: number } = {}): DbHandle {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client that loses its connection emits 'error'; unhandled, it would end the process.
  pool.on('error', (err) => {
    console.error('PostgreSQL pool error:', err.message);
  });
  const url = new URL(connectionString);
  return {
    db: kyselyFor(new PostgresDialect({ pool })),
    kind: 'postgres',
    describe: `postgres://${url.host}${url.pathname}`,
  };
}

export async function createPgliteDb(dataDir: string | null, loadDataDir?: Blob): Promise<DbHandle> {
  let pgDir: string | undefined;
  if (dataDir) {
    pgDir = path.resolve(dataDir, 'pgdata');
    mkdirSync(path.dirname(pgDir), { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(pgDir ? { dataDir: pgDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: pgliteExtensions,
  });
  return {
    db: kyselyFor(new PGliteDialect(pglite)),
    kind: 'pglite',
    pglite,
    describe: pgDir ? `embedded PGlite at ${pgDir}` : 'embedded PGlite in memory',
  };
}

export async function createDb(config: {
  databaseUrl?: string | undefined;
  dataDir: string;
}): Promise<DbHandle> {
  return config.databaseUrl ? createPostgresDb(config.databaseUrl) : createPgliteDb(config.dataDir);
}
