/**
 * Marketplace benchmark: search, suggestions and featured through the REST paths, against
 * PostgreSQL seeded with 100,000 vendors, with autocannon; and each query's time in the database
 * alone (EXPLAIN ANALYZE), with a check that no plan scans the vendors table sequentially.
 *
 * The server runs in a process of its own (as in production), so the load generator does not share
 * its event loop. Each statement of a scenario's first request (nothing remembered yet) is captured
 * through an in-process copy of the server and explained.
 *
 *   npm run bench:marketplace            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/simchahub_bench)
 *   BENCH_DATABASE=pglite npm run bench:marketplace   (embedded PGlite in BENCH_PGLITE_DIR, seeded once)
 *   BENCH_CACHE_MEMORY=off leaves out weighing the cache (500 pages through the server in process).
 *
 * Besides latency, each run records the server process's CPU time per request (from /proc, over
 * the measured seconds) and how many statements a computed request sends.
 *
 * Every listing the benchmark seeds gives its name in Latin and in Hebrew, and each search has a
 * Hebrew twin of the same shape (the scenarios with `twin`): the summary gives each pair's p99 and
 * the ratio, Hebrew to English (issue 32's goal: within 1.2x).
 *
 * Writes bench/results/marketplace.json (marketplace-pglite.json on PGlite) and prints a summary
 * table.
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { CamelCasePlugin, type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import { buildServer } from '../src/server/app';
import { generateDemoVendors } from '../src/server/demo/demo-vendors';
import { MarketplaceCache } from '../src/server/domains/vendors/marketplace-cache';
import { pgliteExtensions } from '../src/server/platform/db/create-db';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import type { Database } from '../src/server/platform/db/types';
import { loadConfig } from '../src/server/platform/env';
import { LiveHub } from '../src/server/platform/live/hub';

const VENDORS = Number(process.env.BENCH_VENDORS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/simchahub_bench');
const embedded = process.env.BENCH_DATABASE === 'pglite';
const pgliteDir = process.env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), 'simchahub-bench-pglite');
const resultsFile = embedded ? 'bench/results/marketplace-pglite.json' : 'bench/results/marketplace.json';

/** The database the benchmark seeds and explains on: a statement runner either way. */
interface BenchDatabase {
  db: Kysely<Database>;
  /** Runs one statement on one connection kept for a scenario's replay. */
  session<T>(
    run: (
      query: (text: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>,
    ) => Promise<T>,
  ): Promise<T>;
  close(): Promise<void>;
}

function openDatabase(log: (query: CompiledQuery) => void): BenchDatabase {
  const plugins = [new CamelCasePlugin()];
  const onLog = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === 'query') log(event.query);
  };
  if (embedded) {
    mkdirSync(pgliteDir, { recursive: true });
    const pglite = new PGlite({ dataDir: path.join(pgliteDir, 'pgdata'), extensions: pgliteExtensions });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins, log: onLog });
    return {
      db,
      session: (run) => run((text, params) => pglite.query(text, params)),
      close: () => db.destroy(),
    };
  }
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins, log: onLog });
  return {
    db,
    session: async (run) => {
      const client = await pool.connect();
      try {
        return await run((text, params) => client.query(text, params));
      } finally {
        client.release();
      }
    },
    close: () => db.destroy(),
  };
}

/** CPU time (user + system) a process has used, in ms, from /proc. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

const NYC = { lat: 40.7128, lng: -74.006 };
/** A scenario; `twin`: the English scenario a Hebrew one mirrors. */
const scenarios: { name: string; path: string; twin?: string }[] = [
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
  {
    name: 'category within 50 km, popular',
    path: `/api/vendors?category=Caterers&sort=popular&lat=${NYC.lat}&lng=${NYC.lng}&radius_km=50&page=1&page_size=24`,
  },
  { name: 'typo search, popular', path: '/api/vendors?search=photgrapher&sort=popular&page=1&page_size=24' },
  { name: 'swapped letters, popular', path: '/api/vendors?search=goldbreg&sort=popular&page=1&page_size=24' },
  { name: 'name search, popular', path: '/api/vendors?search=goldberg&sort=popular&page=1&page_size=24' },
  {
    name: 'search, page 10',
    path: '/api/vendors?search=studio&category=Photographers&sort=popular&page=10&page_size=24',
  },
  {
    name: 'search with no match in category',
    path: '/api/vendors?search=kosher&category=Photographers&sort=popular&page=1&page_size=24',
  },
  { name: 'suggestions', path: '/api/vendors/suggestions?q=gold' },
  { name: 'featured', path: '/api/vendors/featured' },
  { name: 'featured near', path: `/api/vendors/featured?lat=${NYC.lat}&lng=${NYC.lng}` },
  ...hebrewTwins(),
];

/**
 * The searches again in Hebrew, each as its English twin: 'סטודיו' for 'studio', a Hebrew name for
 * 'goldberg', a letter missing (צלום for צילום) and two letters swapped, 'כשר' for 'kosher', 'גולד'
 * for the suggestions, and the first with prefixes to take off ('והסטודיו').
 */
function hebrewTwins() {
  const q = (text: string) => encodeURIComponent(text);
  const studio = `search=${q('סטודיו')}&category=Photographers`;
  return [
    ['search + category, popular', `/api/vendors?${studio}&sort=popular&page=1&page_size=24`],
    ['search + category, rating', `/api/vendors?${studio}&sort=rating&page=1&page_size=24`],
    ['search + category, newest', `/api/vendors?${studio}&sort=newest&page=1&page_size=24`],
    [
      'search + category, near',
      `/api/vendors?${studio}&sort=near&lat=${NYC.lat}&lng=${NYC.lng}&radius_km=50&page=1&page_size=24`,
    ],
    ['typo search, popular', `/api/vendors?search=${q('צלום')}&sort=popular&page=1&page_size=24`],
    ['swapped letters, popular', `/api/vendors?search=${q('גודלברג')}&sort=popular&page=1&page_size=24`],
    ['name search, popular', `/api/vendors?search=${q('גולדברג')}&sort=popular&page=1&page_size=24`],
    ['search, page 10', `/api/vendors?${studio}&sort=popular&page=10&page_size=24`],
    [
      'search with no match in category',
      `/api/vendors?search=${q('כשר')}&category=Photographers&sort=popular&page=1&page_size=24`,
    ],
    ['suggestions', `/api/vendors/suggestions?q=${q('גולד')}`],
  ]
    .map(([twin, path]) => ({ name: `he: ${twin}`, path: path as string, twin: twin as string }))
    .concat({
      name: 'he: prefixes, search + category',
      path: `/api/vendors?search=${q('והסטודיו')}&category=Photographers&sort=popular&page=1&page_size=24`,
      twin: 'search + category, popular',
    });
}

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

interface ExplainedPlan {
  'Execution Time': number;
  'Planning Time': number;
  Plan: PlanNode;
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
  if (!embedded) await ensureDatabase();
  const captured: CompiledQuery[] = [];
  let capturing = false;
  const database = openDatabase((query) => {
    if (capturing) captured.push(query);
  });
  const db = database.db;
  await migrateToLatest(db);

  const { count } = await db
    .selectFrom('vendors')
    .select(sql<number>`count(*)::int`.as('count'))
    .executeTakeFirstOrThrow();
  if (count < VENDORS) {
    console.log(`Seeding ${VENDORS - count} vendors...`);
    const rows = generateDemoVendors(VENDORS - count, 1000 + count, { hebrewNames: 1 });
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('vendors')
        .values(rows.slice(i, i + 1000))
        .execute();
  }
  const { named } = await db
    .selectFrom('vendors')
    .select(sql<number>`count(name_he)::int`.as('named'))
    .executeTakeFirstOrThrow();
  if (named < Math.max(count, VENDORS) * 0.9) {
    throw new Error(
      'The listings were seeded before they had Hebrew names: the Hebrew searches would find few. ' +
        'Drop the benchmark database, or point BENCH_DATABASE_URL at a new one.',
    );
  }
  // Fresh statistics, as autovacuum would keep them, including columns a migration just added.
  await sql`VACUUM ANALYZE vendors`.execute(db);
  const serverVersion = `${(await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]?.v}${embedded ? ' (PGlite)' : ''}`;

  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'http://127.0.0.1:3000',
      DATA_DIR: os.tmpdir(),
      // The in-process copy explains statements, one request at a time: a cold first query on
      // PGlite (which runs on the event loop) must not be shed as load.
      MAX_EVENT_LOOP_DELAY_MS: '0',
    }),
    logLevel: 'silent' as const,
    secureCookies: false,
  };
  // Every statement a request runs when nothing is remembered.
  const probeApp = await inProcessServer(db, config, false);

  // Each statement of a scenario's first request, nothing remembered yet: the median of three runs.
  const explained: { sql: string; executionMs: number; planningMs: number; seqScanOnVendors: boolean }[][] =
    [];
  const statements: number[] = [];
  for (const scenario of scenarios) {
    captured.length = 0;
    capturing = true;
    const probe = await probeApp.inject({ method: 'GET', url: scenario.path });
    capturing = false;
    if (probe.statusCode !== 200) throw new Error(`${scenario.name}: HTTP ${probe.statusCode} ${probe.body}`);
    statements.push(captured.filter((q) => !/^\s*(begin|commit|rollback)/i.test(q.sql)).length);
    // Replayed on one connection, so planner settings a transaction makes apply to its statements.
    const plans = await database.session(async (query) => {
      const out = [];
      for (const compiled of captured) {
        if (/^\s*(begin|commit|rollback|select set_config)/i.test(compiled.sql)) {
          await query(compiled.sql, compiled.parameters as unknown[]);
          continue;
        }
        const runs: ExplainedPlan[] = [];
        for (let i = 0; i < 3; i++) {
          const explain = await query(
            `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${compiled.sql}`,
            compiled.parameters as unknown[],
          );
          const plan = explain.rows[0]?.['QUERY PLAN'];
          runs.push(
            (typeof plan === 'string' ? JSON.parse(plan) : (plan as ExplainedPlan[]))[0] as ExplainedPlan,
          );
        }
        runs.sort((x, y) => x['Execution Time'] - y['Execution Time']);
        const plan = runs[1] as ExplainedPlan;
        out.push({
          sql: compiled.sql.replace(/\s+/g, ' ').slice(0, 300),
          executionMs: plan['Execution Time'],
          planningMs: plan['Planning Time'],
          seqScanOnVendors: scansVendorsSequentially(plan.Plan),
        });
      }
      return out;
    });
    explained.push(plans);
  }
  await probeApp.close();

  // The same paths against the server computing every answer, then remembering answers.
  const runs: Record<
    'computed' | 'remembered',
    {
      requestsPerSecond: number;
      latencyMs: object;
      errors: number;
      statusCodes: Record<string, number>;
      serverCpuMsPerRequest: number;
    }[]
  > = { computed: [], remembered: [] };
  // The memory a full cache holds, weighed in this process before the database is handed over.
  const memory = await (process.env.BENCH_CACHE_MEMORY === 'off'
    ? Promise.resolve(null)
    : cacheMemory(db, config)
  ).catch((error: Error) => {
    console.log(`cache memory not measured: ${error.message}`);
    return null;
  });
  // PGlite's data directory is one process's at a time: the server's, from here on.
  if (embedded) await database.close();
  for (const mode of ['computed', 'remembered'] as const) {
    const port = await freePort();
    const server = await startServer(port, mode === 'remembered');
    // Warm the process up (JIT, connections) before anything is measured.
    await autocannon({
      url: `http://127.0.0.1:${port}${scenarios[0]?.path}`,
      connections: CONNECTIONS,
      duration: 3,
    });
    for (const scenario of scenarios) {
      const cpuBefore = cpuMsOf(server.pid as number);
      const run = await autocannon({
        url: `http://127.0.0.1:${port}${scenario.path}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
      });
      const cpuMs = cpuMsOf(server.pid as number) - cpuBefore;
      const serverCpuMsPerRequest = Math.round((cpuMs / Math.max(1, run.requests.total)) * 100) / 100;
      runs[mode].push({
        requestsPerSecond: run.requests.average,
        latencyMs: { p50: run.latency.p50, p90: run.latency.p90, p99: run.latency.p99, max: run.latency.max },
        errors: run.errors + run.non2xx,
        // Which answers: 503s are the server shedding load or refusing a wait (the reason is logged).
        statusCodes: Object.fromEntries(
          Object.entries(run.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]),
        ),
        serverCpuMsPerRequest,
      });
      console.log(
        `${mode.padEnd(10)} ${scenario.name.padEnd(34)} ${run.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(run.latency.p50).padStart(4)} ms  p99 ${String(run.latency.p99).padStart(4)} ms  server CPU ${serverCpuMsPerRequest.toFixed(2)} ms/req  errors ${run.errors + run.non2xx}`,
      );
    }
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }

  const results = scenarios.map((scenario, i) => ({
    name: scenario.name,
    path: scenario.path,
    computed: runs.computed[i],
    remembered: runs.remembered[i],
    statementsPerComputedRequest: statements[i],
    database: explained[i],
  }));
  for (const [i, scenario] of scenarios.entries()) {
    const plans = explained[i] ?? [];
    console.log(
      `${scenario.name.padEnd(34)} db ${plans.map((p) => p.executionMs.toFixed(2)).join(' + ')} ms${plans.some((p) => p.seqScanOnVendors) ? '  SEQ SCAN' : ''}`,
    );
  }
  if (!embedded) await database.close();
  const hebrew = hebrewRatios(results);
  for (const mode of ['computed', 'remembered'] as const) {
    for (const pair of hebrew[mode].pairs) {
      console.log(
        `${mode.padEnd(10)} ${pair.name.padEnd(38)} p99 English ${String(pair.englishP99).padStart(4)} ms  Hebrew ${String(pair.hebrewP99).padStart(4)} ms  ratio ${pair.ratio.toFixed(2)}`,
      );
    }
    const all = hebrew[mode];
    console.log(
      `${mode.padEnd(10)} worst p99: English ${all.englishWorstP99} ms, Hebrew ${all.hebrewWorstP99} ms (ratio ${all.worstRatio.toFixed(2)}); sum of p99s ratio ${all.sumRatio.toFixed(2)}`,
    );
  }
  const report = {
    date: new Date().toISOString(),
    database: embedded ? 'pglite' : 'postgres',
    loadAverageAtEnd: readFileSync('/proc/loadavg', 'utf8').trim(),
    vendors: Math.max(count, VENDORS),
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    cacheMemory: memory,
    machine: { ...machine(), serverVersion },
    hebrew,
    results,
  };
  await writeFile(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Wrote ${resultsFile}`);
}

/**
 * Each Hebrew scenario's p99 beside its English twin's, per mode, and over them all: the worst p99
 * of each language and the sum of the pairs' p99s, Hebrew to English.
 */
function hebrewRatios(
  results: {
    name: string;
    computed?: { latencyMs: object } | undefined;
    remembered?: { latencyMs: object } | undefined;
  }[],
) {
  const p99 = (r: { latencyMs: object } | undefined) =>
    (r?.latencyMs as { p99?: number } | undefined)?.p99 ?? 0;
  const of = (mode: 'computed' | 'remembered') => {
    const pairs = scenarios.flatMap((scenario, i) => {
      if (!scenario.twin) return [];
      const english = results.find((r) => r.name === scenario.twin);
      const englishP99 = p99(english?.[mode]);
      const hebrewP99 = p99(results[i]?.[mode]);
      return [
        { name: scenario.name, twin: scenario.twin, englishP99, hebrewP99, ratio: hebrewP99 / englishP99 },
      ];
    });
    const englishWorstP99 = Math.max(...pairs.map((p) => p.englishP99));
    const hebrewWorstP99 = Math.max(...pairs.map((p) => p.hebrewP99));
    const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);
    return {
      pairs,
      englishWorstP99,
      hebrewWorstP99,
      worstRatio: hebrewWorstP99 / englishWorstP99,
      sumRatio: sum(pairs.map((p) => p.hebrewP99)) / sum(pairs.map((p) => p.englishP99)),
    };
  };
  return { computed: of('computed'), remembered: of('remembered') };
}

/** The server inside this process, for explaining statements and weighing the cache. */
function inProcessServer(db: Kysely<Database>, config: ReturnType<typeof loadConfig>, remember: boolean) {
  return buildServer({
    db,
    config,
    marketplace: new MarketplaceCache({ enabled: remember }),
    now: () => new Date(),
    // No event streams in this benchmark: the hub is never started.
    live: new LiveHub({ listening: false, start: async () => {}, stop: async () => {} }),
  });
}

/**
 * Memory the marketplace cache holds when full of pages: the heap before and after 500 different
 * pages of 24 vendors were asked through the REST path (kept, checked and serialized).
 */
async function cacheMemory(db: Kysely<Database>, config: ReturnType<typeof loadConfig>) {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return null;
  const app = await inProcessServer(db, config, true);
  const pages = 500;
  await app.inject({ method: 'GET', url: '/api/vendors?page=1&page_size=24' });
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let page = 1; page <= pages; page++) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/vendors?sort=newest&page=${page}&page_size=24`,
    });
    if (res.statusCode !== 200) throw new Error(`page ${page}: HTTP ${res.statusCode}`);
  }
  gc();
  const after = process.memoryUsage().heapUsed;
  await app.close();
  const mib = (after - before) / 2 ** 20;
  console.log(`cache memory: ${mib.toFixed(1)} MiB for ${pages} pages of 24 vendors`);
  return { pages, heapGrowthMiB: Math.round(mib * 10) / 10 };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The server as production runs it, in its own process, against the benchmark database. */
async function startServer(port: number, remember: boolean): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...env,
      NODE_ENV: 'production',
      ...(embedded ? { DATA_DIR: pgliteDir } : { DATABASE_URL: url.toString() }),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      MARKETPLACE_CACHE: remember ? 'on' : 'off',
      // Every benchmark request comes from one address: lift the per-address suggestion ceiling so
      // the runs measure the work (the limit's own upsert included), not 429 answers.
      SUGGESTIONS_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // PGlite opens its data directory (500 MB at 100,000 vendors) before listening: give it longer.
  // A busy host compiles the server slowly: PostgreSQL gets two minutes too.
  for (let attempt = 0; attempt < (embedded ? 900 : 600); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // not listening yet
    }
  }
  child.kill();
  throw new Error('The server did not start');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
