import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestProject } from 'vitest/node';
import { ensureTable } from '../domains/places/places-table';
import { createPgliteDb, createPostgresDb } from '../platform/db/create-db';
import { migrateToLatest } from '../platform/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of a gzipped PGlite data directory that is already migrated; empty when TEST_DATABASE_URL is set. */
    pgliteSnapshot: string;
    /**
     * With TEST_DATABASE_URL, a database on that server that is already migrated, which each test
     * file copies (CREATE DATABASE ... TEMPLATE); empty on the embedded database.
     */
    postgresTemplate: string;
  }
}

/**
 * Migrates one database for the whole run, which each test file then copies: on the embedded
 * database a snapshot loaded in about half a second instead of migrating from scratch, on
 * PostgreSQL a template database (a file copy on the server) instead of running every migration
 * again for each file.
 */
export default async function setup(project: TestProject) {
  // Generated once here (on a clean clone) rather than by every worker that first searches places.
  ensureTable();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    project.provide('pgliteSnapshot', '');
    return migratedTemplate(project, adminUrl);
  }
  project.provide('postgresTemplate', '');
  const handle = await createPgliteDb(null);
  await migrateToLatest(handle.db);
  if (!handle.pglite) throw new Error('expected an embedded database');
  const snapshot = await handle.pglite.dumpDataDir('gzip');
  const file = path.join(os.tmpdir(), `simchahub-test-${process.pid}.tar.gz`);
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  await handle.db.destroy();
  project.provide('pgliteSnapshot', file);
  return async () => {
    await rm(file, { force: true });
  };
}

async function migratedTemplate(project: TestProject, adminUrl: string) {
  const name = `simchahub_template_${randomBytes(6).toString('hex')}`;
  const admin = createPostgresDb(adminUrl, { max: 1 });
  try {
    await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Every connection to it is closed before any copy: CREATE DATABASE refuses a template in use.
    const template = createPostgresDb(url.toString(), { max: 1 });
    try {
      await migrateToLatest(template.db);
    } finally {
      await template.db.destroy();
    }
  } finally {
    await admin.db.destroy();
  }
  project.provide('postgresTemplate', name);
  return async () => {
    const drop = createPostgresDb(adminUrl, { max: 1 });
    try {
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(drop.db);
    } finally {
      await drop.db.destroy();
    }
  };
}
