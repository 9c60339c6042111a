/**
 * The statements a request makes the app issue, as they go to the database: every query a pg client
 * or an embedded PGlite sends while capturing is on, with its text, parameters and (for pg) the
 * client that sent it, so a replay can keep statements of one transaction on one connection.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface CapturedStatement {
  sql: string;
  parameters: unknown[];
  /** Which connection sent it, numbered in order of first use within the capture. */
  connection: number;
}

let recording: CapturedStatement[] | null = null;
let connectionNumbers = new WeakMap<object, number>();
let nextConnection = 0;

function record(connection: object, sqlText: string, parameters: unknown[] | undefined): void {
  if (!recording) return;
  let n = connectionNumbers.get(connection);
  if (n === undefined) {
    n = nextConnection++;
    connectionNumbers.set(connection, n);
  }
  recording.push({ sql: sqlText, parameters: [...(parameters ?? [])], connection: n });
}

let pgPatched = false;

/** Records what every pg client of this process sends (from now on, while a capture runs). */
export function watchPg(): void {
  if (pgPatched) return;
  pgPatched = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  (pg.Client.prototype as { query: unknown }).query = function (this: object, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') record(this, first, Array.isArray(second) ? second : undefined);
    else if (typeof first === 'object' && first !== null && 'text' in first) {
      const config = first as { text: string; values?: unknown[] };
      record(this, config.text, config.values ?? (Array.isArray(second) ? second : undefined));
    }
    return original.apply(this, args);
  };
}

/** Records what this PGlite is sent through query() (the Kysely dialect's only way in). */
export function watchPglite(pglite: PGlite): void {
  const original = pglite.query.bind(pglite) as (...args: unknown[]) => Promise<unknown>;
  (pglite as { query: unknown }).query = (...args: unknown[]) => {
    record(pglite, args[0] as string, args[1] as unknown[] | undefined);
    return original(...args);
  };
}

/** Runs `work` and answers the statements issued meanwhile, in order. */
export async function capture<T>(
  work: () => Promise<T>,
): Promise<{ result: T; statements: CapturedStatement[] }> {
  const statements: CapturedStatement[] = [];
  recording = statements;
  nextConnection = 0;
  connectionNumbers = new WeakMap();
  try {
    const result = await work();
    return { result, statements };
  } finally {
    recording = null;
  }
}
