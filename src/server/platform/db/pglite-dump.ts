import type { PGlite } from '@electric-sql/pglite';

/**
 * pg_dump of an embedded database as plain SQL (pglite-tools' WebAssembly pg_dump, on the
 * database's one session). pg_dump ends by disconnecting, which on a server ends its session; here
 * the session goes on, still inside the dump's read-only transaction and with the settings pg_dump
 * made (an empty search_path among them): both are undone before the app's next statement.
 * The caller must hold the session (no statement of the app in between): backup.ts does.
 */
export async function dumpPglite(db: PGlite, args: string[]): Promise<string> {
  // Loaded only when a backup asks: its WebAssembly is 10 MB.
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  try {
    return await (await pgDump({ pg: db, args })).text();
  } finally {
    await db.exec('ROLLBACK');
    await db.exec('RESET ALL');
  }
}
