/**
 * Marketplace benchmark: search, suggestions and featured through the REST paths, against
 * PostgreSQL seeded with 100,000 vendors, with autocannon; and each query's time in the database
 * alone (EXPLAIN ANALYZE), with a check that no plan scans the vendors table sequentially.
 *
 *   npm run bench:marketplace            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/simchahub_bench)
 *
 * Writes bench/results/marketplace.json and prints a summary table.
 */
import { execSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import autocannon from 'autocannon';
import { CamelCasePlugin, type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { buildServer } from '../src/server/app';
import { LoginThrottle } from '../src/server/auth/throttle';
import { generateDemoVendors } from '../src/server/db/demo-vendors';
import { migrateToLatest } from '../src/server/db/migrate';
import type { Database } from '../src/server/db/types';
import { loadConfig } from '../src/server/env';

const VENDORS = Number(process.env.BENCH_VENDORS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/simchahub_bench');

const NYC = { lat: 40.7128, lng: -74.006 };
const scenarios: { name: string; path: string }[] = [
  {
    name: 'search + category, popular',
    path: '/api/vendors?search=studio&category=Photographers&sort=popular&page=1&page_size=24',
  },
  {
    name: 'search + category, rating',
    path: '/api/vendors?search=studio&category=Photographers&sort=rating&page=1&page_size=24',
  },
  {
    name: 'search + category, newest',
    path: '/api/vendors?search=studio&category=Photographers&sort=newest&page=1&page_size=24',
  },
  {
    name: 'search + category, near',
    path: `/api/vendors?search=studio&category=Photographers&sort=near&lat=${NYC.lat}&lng=${NYC.lng}&radius_km=50&page=1&page_size=24`,
  },
  { name: 'category only, popular', path: '/api/vendors?category=Caterers&sort=popular&page=1&page_size=24' },
  { name: 'typo search, popular', path: '/api/vendors?search=photgrapher&sort=popular&page=1&page_size=24' },
  { name: 'suggestions', path: '/api/vendors/suggestions?q=gold' },
  { name: 'featured', path: '/api/vendors/featured' },
  { name: 'featured near', path: `/api/vendors/featured?lat=${NYC.lat}&lng=${NYC.lng}` },
];

async function ensureDatabase(): Promise<void> {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  const name = url.pathname.slice(1);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function scansVendorsSequentially(node: PlanNode): boolean {
  if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] === 'vendors') return true;
  return (node.Plans ?? []).some(scansVendorsSequentially);
}

function machine() {
  const cpu = os.cpus()[0]?.model ?? 'unknown';
  let postgres = 'unknown';
  try {
    postgres = execSync('psql --version', { encoding: 'utf8' }).trim();
  } catch {
    // psql missing: the server version is read below instead
  }
  return {
    cpu,
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    postgres,
  };
}

async function main() {
  await ensureDatabase();
  const captured: CompiledQuery[] = [];
  let capturing = false;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
    log: (event) => {
      if (capturing && event.level === 'query') captured.push(event.query);
    },
  });
  await migrateToLatest(db);

  const { count } = await db
    .selectFrom('vendors')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  if (count < VENDORS) {
    console.log(`Seeding ${VENDORS - count} vendors...`);
    const rows = generateDemoVendors(VENDORS - count, 1000 + count);
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('vendors')
        .values(rows.slice(i, i + 1000))
        .execute();
    await sql`VACUUM ANALYZE vendors`.execute(db);
  }
  const serverVersion = (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v;

  const config = {
    ...loadConfig({ NODE_ENV: 'production', DATA_DIR: os.tmpdir() }),
    logLevel: 'silent' as const,
    secureCookies: false,
  };
  const app = await buildServer({ db, config, loginThrottle: new LoginThrottle(), now: () => new Date() });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const results = [];
  for (const scenario of scenarios) {
    // Let the previous run's last requests finish, so only this probe's statements are captured.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    captured.length = 0;
    capturing = true;
    const probe = await fetch(base + scenario.path);
    capturing = false;
    if (!probe.ok) throw new Error(`${scenario.name}: HTTP ${probe.status} ${await probe.text()}`);

    const plans = [];
    for (const query of captured) {
      const explain = await pool.query(
        `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.sql}`,
        query.parameters as unknown[],
      );
      const plan = explain.rows[0]['QUERY PLAN'][0];
      plans.push({
        sql: query.sql.replace(/\s+/g, ' ').slice(0, 300),
        executionMs: plan['Execution Time'],
        planningMs: plan['Planning Time'],
        seqScanOnVendors: scansVendorsSequentially(plan.Plan),
      });
    }

    const run = await autocannon({
      url: base + scenario.path,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    results.push({
      name: scenario.name,
      path: scenario.path,
      requestsPerSecond: run.requests.average,
      latencyMs: { p50: run.latency.p50, p90: run.latency.p90, p99: run.latency.p99, max: run.latency.max },
      errors: run.errors + run.non2xx,
      database: plans,
    });
    const dbMs = plans.map((p) => p.executionMs.toFixed(2)).join(' + ');
    console.log(
      `${scenario.name.padEnd(30)} ${run.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(run.latency.p50).padStart(4)} ms  p99 ${String(run.latency.p99).padStart(4)} ms  db ${dbMs} ms${plans.some((p) => p.seqScanOnVendors) ? '  SEQ SCAN' : ''}`,
    );
  }

  await app.close();
  await db.destroy();
  const report = {
    date: new Date().toISOString(),
    vendors: Math.max(count, VENDORS),
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    machine: { ...machine(), serverVersion },
    results,
  };
  await writeFile('bench/results/marketplace.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log('Wrote bench/results/marketplace.json');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
