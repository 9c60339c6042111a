/**
 * Availability search benchmark (issue 29): the same marketplace searches with and without the
 * "free on" date filter, against PostgreSQL seeded with 100,000 vendors and 1,000,000 calendar
 * entries (each stated day's room in vendor_days beside them), with autocannon at 20 connections
 * against the server running in its own process as in production, with the marketplace cache off
 * (every request computes its answer, as the first request for a filter does). Each search runs
 * without the filter, with free_on and with free_on and free_time, one after the other, 5 s each,
 * in 3 rounds; the median p99 of the rounds is compared. The goal: p99 with the filter at most 1.5
 * times p99 without it.
 *
 *   npm run bench:availability   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/simchahub_bench_availability)
 *
 * The calendar is generated in SQL (generate_series), in seconds. Writes
 * bench/results/availability-search.json and prints a table.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import autocannon from 'autocannon';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { generateDemoVendors } from '../src/server/demo/demo-vendors';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import type { Database } from '../src/server/platform/db/types';

const VENDORS = Number(process.env.BENCH_VENDORS ?? 100_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RATIO_GOAL = 1.5;
const url = new URL(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/simchahub_bench_availability',
);

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

/**
 * The calendars: 7 in 10 listings stated theirs (daily capacity 1 to 3); their entries spread over
 * the next 365 days, ten per listing on distinct days: 4 in 10 booked, 2 held, 2 closed, 1 open with
 * a capacity of 2, 1 an evening closed. Each whole-day entry's room goes into vendor_days as the
 * service keeps it (a booked or held day takes a slot; a closed day has none).
 */
async function seedCalendar(db: Kysely<Database>): Promise<void> {
  const perVendor = Math.max(1, Math.round(ENTRIES / VENDORS));
  await sql`TRUNCATE vendor_calendar_entries, vendor_days`.execute(db);
  await sql`UPDATE vendors SET daily_capacity = 1 + abs(hashtext(id::text)) % 3,
    calendar_stated_at = CASE WHEN abs(hashtext(id::text || 's')) % 10 < 7 THEN now() END`.execute(db);
  await sql`INSERT INTO vendor_calendar_entries (vendor_id, day, part, status, capacity)
    SELECT v.id, current_date + (1 + (v.n * 7 + g * 37) % 365)::int,
      CASE WHEN k = 9 THEN 'evening' ELSE 'day' END,
      CASE WHEN k < 4 THEN 'booked' WHEN k < 6 THEN 'held' WHEN k < 8 THEN 'closed' WHEN k = 8 THEN 'open' ELSE 'closed' END,
      CASE WHEN k = 8 THEN 2 END
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM vendors) v,
      generate_series(0, ${perVendor - 1}) g,
      LATERAL (SELECT abs(hashtext(v.id::text || g::text)) % 10 AS k) r
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO vendor_days (vendor_id, day, capacity, capacity_stated, taken)
    SELECT e.vendor_id, e.day,
      CASE e.status WHEN 'closed' THEN 0 WHEN 'open' THEN e.capacity ELSE v.daily_capacity END,
      e.status IN ('closed', 'open'),
      CASE WHEN e.status IN ('booked', 'held') THEN 1 ELSE 0 END
    FROM vendor_calendar_entries e JOIN vendors v ON v.id = e.vendor_id
    WHERE e.part = 'day'`.execute(db);
  await sql`VACUUM ANALYZE vendors, vendor_calendar_entries, vendor_days`.execute(db);
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

/** The server as production runs it, in its own process, with the marketplace cache off. */
async function startServer(port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...env,
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
      MARKETPLACE_CACHE: 'off',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 150; attempt++) {
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

async function main() {
  await ensureDatabase();
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
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
  }
  const started = Date.now();
  const entries = await db
    .selectFrom('vendorCalendarEntries')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  // Kept from an earlier run unless asked to seed again (BENCH_RESEED=1).
  if (entries.n < ENTRIES || process.env.BENCH_RESEED === '1') await seedCalendar(db);
  const seeded = await sql<{ entries: number; days: number; stated: number }>`select
    (select count(*)::int from vendor_calendar_entries) as entries,
    (select count(*)::int from vendor_days) as days,
    (select count(*)::int from vendors where calendar_stated_at is not null) as stated`.execute(db);
  const figures = seeded.rows[0];
  console.log(
    `Calendar: ${figures?.entries} entries, ${figures?.days} days' rooms, ${figures?.stated} stated listings (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  // A weekday a month ahead, so that a time asks for the closed evenings and no rest day.
  const day = (
    await sql<{
      d: string;
    }>`select (current_date + 30 + ((8 - extract(isodow from current_date + 30)::int) % 7) + 1)::text as d`.execute(
      db,
    )
  ).rows[0]?.d as string;
  await db.destroy();

  const searches = [
    { name: 'all vendors, popular', path: '/api/vendors?sort=popular&page=1&page_size=24' },
    { name: 'category, popular', path: '/api/vendors?category=Caterers&sort=popular&page=1&page_size=24' },
    {
      name: 'search + category, popular',
      path: '/api/vendors?search=studio&category=Photographers&sort=popular&page=1&page_size=24',
    },
    { name: 'search, rating', path: '/api/vendors?search=kosher&sort=rating&page=1&page_size=24' },
  ];
  const filters = [
    { name: `free_on=${day}`, query: `&free_on=${day}` },
    { name: `free_on=${day} at 19:00`, query: `&free_on=${day}&free_time=19:00` },
  ];

  const port = await freePort();
  const server = await startServer(port);
  const measure = async (path: string) => {
    const run = await autocannon({
      url: `http://127.0.0.1:${port}${path}`,
      connections: CONNECTIONS,
      duration: DURATION_S,
    });
    return {
      requestsPerSecond: run.requests.average,
      p50: run.latency.p50,
      p99: run.latency.p99,
      errors: run.errors + run.non2xx,
    };
  };
  type Measured = Awaited<ReturnType<typeof measure>>;
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? 0;
  };
  const summary = (runs: Measured[]) => ({
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    requestsPerSecond: Math.round(median(runs.map((r) => r.requestsPerSecond))),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    p99s: runs.map((r) => r.p99),
  });
  const rows: {
    search: string;
    filter: string;
    without: ReturnType<typeof summary>;
    with: ReturnType<typeof summary>;
    ratio: number;
  }[] = [];
  try {
    await autocannon({
      url: `http://127.0.0.1:${port}${searches[0]?.path}`,
      connections: CONNECTIONS,
      duration: 3,
    });
    for (const search of searches) {
      // Rounds of the three, one after the other, so that a burst of load elsewhere on the host
      // falls on all of them alike; the medians of the rounds are compared.
      const variants = [{ name: 'none', query: '' }, ...filters];
      const runs = variants.map(() => [] as Measured[]);
      for (let round = 0; round < ROUNDS; round++)
        for (const [i, variant] of variants.entries())
          runs[i]?.push(await measure(search.path + variant.query));
      const without = summary(runs[0] ?? []);
      for (const [i, filter] of filters.entries()) {
        const withFilter = summary(runs[i + 1] ?? []);
        const ratio = Math.round((withFilter.p99 / Math.max(1, without.p99)) * 100) / 100;
        rows.push({ search: search.name, filter: filter.name, without, with: withFilter, ratio });
        console.log(
          `${search.name.padEnd(28)} ${filter.name.padEnd(28)} median p99 ${String(without.p99).padStart(4)} → ${String(withFilter.p99).padStart(4)} ms  (×${ratio.toFixed(2)})  median p50 ${without.p50} → ${withFilter.p50} ms  req/s ${without.requestsPerSecond} → ${withFilter.requestsPerSecond}  errors ${without.errors}/${withFilter.errors}`,
        );
      }
    }
  } finally {
    server.kill();
  }
  const worst = Math.max(...rows.map((r) => r.ratio));
  const report = {
    at: new Date().toISOString(),
    machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, loadAverage: os.loadavg() },
    vendors: VENDORS,
    calendar: figures,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    rounds: ROUNDS,
    day,
    rows,
    worstRatio: worst,
    goal: RATIO_GOAL,
  };
  await writeFile('bench/results/availability-search.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Worst p99 ratio ×${worst.toFixed(2)} (goal at most ×${RATIO_GOAL})`);
  if (worst > RATIO_GOAL) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
