/**
 * The yardstick of the adapter benchmark (bench/adapters.ts): the least a server can do to answer
 * the app's requests. Fastify with no plugins, and pg (or PGlite) with no query builder, issuing the
 * statements the app issued for the same request (captured from the app when the benchmark starts,
 * text and parameters), on the same kind of connections, and writing the same JSON bytes: rows
 * with their column names in camelCase, in the fields and order of the app's answer.
 *
 *   RAW_PLAN=plan.json PORT=... (DATABASE_URL=postgres://... | PGLITE_DIR=dir) node --import tsx bench/raw-yardstick.ts
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { pgliteExtensions } from '../src/server/platform/db/create-db';

export interface RawStatement {
  sql: string;
  parameters: unknown[];
}

/** How the answer is put together from the statements' rows. */
export type RawAnswer =
  /** The rows of one statement, as a JSON array. */
  | { kind: 'rows'; statement: number; keys: string[] }
  /**
   * A marketplace page from its one statement (decision 020): one row more than the page to tell
   * has_more, each row carrying the total (counted up to the cap, or null when not counted); no
   * match at all is one row of nulls but the total.
   */
  | {
      kind: 'page';
      items: number;
      itemKeys: string[];
      /** Fields that tell whether any of some columns holds a value (hasPhone: contact_phone or contact_whatsapp). */
      flags: Record<string, string[]>;
      pageSize: number;
      cap: number;
    };

export interface RawRoute {
  url: string;
  statements: RawStatement[];
  answer: RawAnswer;
}

/** Dates travel through JSON as { $date: iso } and are Dates again here, as the app passed them. */
export function encodeParameters(parameters: unknown[]): unknown[] {
  return parameters.map((p) => (p instanceof Date ? { $date: p.toISOString() } : p));
}

function decodeParameters(parameters: unknown[]): unknown[] {
  return parameters.map((p) =>
    typeof p === 'object' && p !== null && '$date' in p ? new Date((p as { $date: string }).$date) : p,
  );
}

type Row = Record<string, unknown>;
interface Runner {
  /** Runs statements in order, those between begin and commit on one connection; answers each one's rows. */
  run(statements: RawStatement[]): Promise<Row[][]>;
  close(): Promise<void>;
}

const isBegin = (s: RawStatement) => /^\s*begin\b/i.test(s.sql);
const isEnd = (s: RawStatement) => /^\s*(commit|rollback)\b/i.test(s.sql);

function postgresRunner(url: string, max: number): Runner {
  // As the app reads them: int8 counts as numbers.
  pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
  const pool = new pg.Pool({ connectionString: url, max });
  return {
    async run(statements) {
      const out: Row[][] = [];
      let client: pg.PoolClient | null = null;
      try {
        for (const s of statements) {
          if (isBegin(s)) client = await pool.connect();
          const result = client
            ? await client.query(s.sql, s.parameters)
            : await pool.query(s.sql, s.parameters);
          out.push(result.rows);
          if (isEnd(s) && client) {
            client.release();
            client = null;
          }
        }
      } finally {
        client?.release();
      }
      return out;
    },
    close: () => pool.end(),
  };
}

async function pgliteRunner(dir: string): Promise<Runner> {
  const db = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions });
  // One connection: a transaction holds it, other statements wait their turn, as in the app's dialect.
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work, work);
    tail = next.catch(() => {});
    return next;
  };
  return {
    async run(statements) {
      const out: Row[][] = [];
      for (let i = 0; i < statements.length; i++) {
        const s = statements[i] as RawStatement;
        if (isBegin(s)) {
          let end = i;
          while (end < statements.length && !isEnd(statements[end] as RawStatement)) end++;
          const block = statements.slice(i, end + 1);
          const rows = await exclusive(async () => {
            const res: Row[][] = [];
            for (const b of block) res.push((await db.query<Row>(b.sql, b.parameters)).rows);
            return res;
          });
          out.push(...rows);
          i = end;
        } else out.push(await exclusive(async () => (await db.query<Row>(s.sql, s.parameters)).rows));
      }
      return out;
    },
    close: () => db.close(),
  };
}

const camelNames = new Map<string, string>();
function camel(name: string): string {
  let c = camelNames.get(name);
  if (c === undefined) {
    c = name.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
    camelNames.set(name, c);
  }
  return c;
}

/** The answer's fields, each with the column it is read from (its name in snake_case). */
function columnsFor(row: Row | undefined, keys: string[], flags: Record<string, string[]> = {}): Column[] {
  if (!row) return [];
  const byCamel = new Map(Object.keys(row).map((column) => [camel(column), column]));
  return keys.map((key) => [key, flags[key] ?? byCamel.get(key) ?? key]);
}

/** An answer's field and its column, or the columns of which any holding a value makes it true. */
type Column = [string, string | string[]];

function shape(row: Row, columns: Column[]): Row {
  const out: Row = {};
  for (const [key, column] of columns)
    out[key] = typeof column === 'string' ? row[column] : column.some((c) => Boolean(row[c]));
  return out;
}

function answer(spec: RawAnswer, results: Row[][]): string {
  if (spec.kind === 'rows') {
    const rows = results[spec.statement] ?? [];
    const columns = columnsFor(rows[0], spec.keys);
    return JSON.stringify(rows.map((r) => shape(r, columns)));
  }
  const all = results[spec.items] ?? [];
  const counted = (all[0]?.total as number | null | undefined) ?? null;
  const rows = all[0]?.id == null ? [] : all;
  const hasMore = rows.length > spec.pageSize;
  const columns = columnsFor(rows[0], spec.itemKeys, spec.flags);
  const items = rows.slice(0, spec.pageSize).map((r) => shape(r, columns));
  let total = items.length;
  let exact = true;
  if (hasMore) {
    const atLeast = Math.max(counted ?? 0, items.length + 1);
    total = Math.min(atLeast, spec.cap);
    exact = atLeast < spec.cap;
  }
  return JSON.stringify({ items, total, total_exact: exact, has_more: hasMore });
}

async function main() {
  const routes = JSON.parse(readFileSync(process.env.RAW_PLAN as string, 'utf8')) as RawRoute[];
  const runner = process.env.PGLITE_DIR
    ? await pgliteRunner(process.env.PGLITE_DIR)
    : postgresRunner(process.env.DATABASE_URL as string, Number(process.env.DB_POOL_MAX ?? 10));
  const app = Fastify({ logger: false });
  for (const route of routes) {
    const statements = route.statements.map((s) => ({
      sql: s.sql,
      parameters: decodeParameters(s.parameters),
    }));
    app.get(route.url, async (_req, reply) => {
      const results = await runner.run(statements);
      return reply.type('application/json; charset=utf-8').send(answer(route.answer, results));
    });
  }
  app.get('/api/health', async () => ({ ok: true }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  const stop = async () => {
    await app.close();
    await runner.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

if (process.env.RAW_PLAN) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
