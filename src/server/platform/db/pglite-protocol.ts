/**
 * What the server's thread and the embedded database's thread (pglite-worker.ts) say to each other.
 * Kept apart from both so that the worker loads PGlite and nothing else of the server.
 */
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** The extensions the migrations create, for every embedded database (in this thread or its own). */
export const pgliteExtensions = { pg_trgm, cube, earthdistance, btree_gist };

/** Given to the worker when it starts. */
export interface PgliteWorkerData {
  /** The data directory; absent for a database in memory. */
  dataDir?: string;
}

export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[] }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; channel: string }
  | { id: number; op: 'close' }
  /** pg_dump of the database (pglite-tools, plain SQL); answered with 'dumped'. */
  | { id: number; op: 'dump'; args: string[] };

export interface PgliteQueryResult {
  rows: Record<string, unknown>[];
  affectedRows?: number;
}

/** An error crosses threads as its fields (SQLSTATE code, detail, constraint ...): a clone keeps only the message. */
export type SerializedError = { name: string; message: string; stack?: string } & Record<string, unknown>;

export type PgliteReply =
  | { op: 'ready' }
  | { op: 'failed'; error: SerializedError }
  | { op: 'result'; id: number; result?: PgliteQueryResult }
  | { op: 'error'; id: number; error: SerializedError }
  | { op: 'dumped'; id: number; sql: string }
  | { op: 'notify'; channel: string; payload: string };

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    // Plain values only: objects (a failed statement's parameters) stay behind.
    if (typeof value === 'object' && value !== null) continue;
    fields[key] = value;
  }
  return {
    ...fields,
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
  };
}

export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized);
  return error;
}
