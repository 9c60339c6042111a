/**
 * Analytics benchmark, against the target of issue 12 (the Analytics tab's read, days=90, p99 at
 * most 20 ms), on PostgreSQL:
 *
 *   - a throwaway database on the server (like bench:rate-limits), seeded set-based with 10,000
 *     vendor accounts each owning a listing, 365 days of vendor_daily_stats per listing (3.65 million
 *     rows, written day by day across all listings, as the upserts would lay them out) and 24
 *     availability requests per listing over the year (most answered, with business minutes);
 *   - vendors.analytics({ days: 90, vendorId }) for random listings, through the procedure (a
 *     caller with the owner's context: the owner check, the two statements, the output check) and
 *     through the service alone, on one connection one call at a time, and with 4 concurrent calls
 *     on 4 connections; p50, p95, p99 over CALLS calls each, after a warm-up;
 *   - EXPLAIN (ANALYZE, BUFFERS) of both statements for random listings, checked for index scans
 *     and for sequential scans.
 *
 *   npm run bench:analytics
 *   BENCH_ADMIN_URL=postgres://...          (default postgres://postgres@127.0.0.1:5432/postgres)
 *   LISTINGS, DAYS, REQUESTS_PER_LISTING    (default 10000, 365, 24)
 *   CALLS                                   (per case; default 2000)
 *
 * Writes bench/results/analytics-<date>.json.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CompiledQuery, sql } from 'kysely';
import { dailyStatsQuery, requestOutcomesQuery } from '../src/server/domains/analytics/analytics.queries';
import { vendorAnalytics } from '../src/server/domains/analytics/analytics.service';
import { listingClock } from '../src/server/domains/observance/business-hours';
import { MarketplaceCache } from '../src/server/domains/vendors/marketplace-cache';
import { createCaller } from '../src/server/doors/trpc/app-router';
import { createPostgresDb, type Db } from '../src/server/platform/db/create-db';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import { loadConfig } from '../src/server/platform/env';
import { LiveHub, liveSourceFor } from '../src/server/platform/live/hub';
import type { AppDeps, Context } from '../src/server/platform/trpc/context';
import { addDays } from '../src/shared/jewish-calendar';
import type { UserDto } from '../src/shared/schemas/auth';
import { machine, serverVersion, today } from './lib/environment';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = 'simchahub_bench_analytics';
const LISTINGS = Number(process.env.LISTINGS ?? 10_000);
const DAYS = Number(process.env.DAYS ?? 365);
const REQUESTS_PER_LISTING = Number(process.env.REQUESTS_PER_LISTING ?? 24);
const CALLS = Number(process.env.CALLS ?? 2_000);
const WARM_UP = 300;
const EXPLAIN_SAMPLES = 5;
const TARGET_P99_MS = 20;

const round = (ms: number, digits = 2) => Math.round(ms * 10 ** digits) / 10 ** digits;

function spread(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
  return {
    count: sorted.length,
    mean: round(sorted.reduce((sum, t) => sum + t, 0) / Math.max(1, sorted.length)),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: at(1),
  };
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const start = performance.now();
  const value = await work();
  const seconds = round((performance.now() - start) / 1000, 1);
  console.log(`${label}: ${seconds} s`);
  return { value, seconds };
}

/**
 * Vendors with a listing each, customers who asked them, a year of daily rows and of requests. The
 * daily rows go in day by day across all listings (the order the upserts write them), so a listing's
 * 90 days lie on about 90 different heap pages, not side by side.
 */
async function seed(db: Db, end: string) {
  const first = addDays(end, -(DAYS - 1));
  await sql`INSERT INTO users (email, password_hash, name, role)
    SELECT 'av-' || lpad(i::text, 6, '0') || '@bench.example', 'not-a-hash', 'Bench Vendor ' || i, 'vendor'
    FROM generate_series(1, ${LISTINGS}::int) i`.execute(db);
  await sql`INSERT INTO users (email, password_hash, name, role)
    SELECT 'ac-' || i || '@bench.example', 'not-a-hash', 'Bench Family ' || i, 'customer'
    FROM generate_series(1, 1000) i`.execute(db);
  // Four places across the mainland US zones, each with the zone of its coordinates.
  await sql`INSERT INTO vendors (business_name, category, contact_email, owner_id, claimed, latitude, longitude, time_zone)
    SELECT 'Analytics Studio ' || n, (ARRAY['Venues','Caterers','Photographers','Musicians','Florists'])[1 + n % 5],
      email, id, true, 40.7, (ARRAY[-73.98, -87.9, -104.99, -118.24])[1 + n % 4],
      (ARRAY['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'])[1 + n % 4]
    FROM (SELECT id, email, row_number() OVER (ORDER BY email) AS n FROM users WHERE email LIKE 'av-%') u`.execute(
    db,
  );
  await sql`INSERT INTO vendor_daily_stats
      (vendor_id, day, views, unique_visitors, phone_reveals, email_reveals, website_reveals, requests)
    SELECT v.id, d.day, s.views, (s.views * (0.6 + 0.3 * random()))::int,
      (s.views * 0.04 * random())::int, (s.views * 0.03 * random())::int, (s.views * 0.06 * random())::int,
      (random() < 0.07)::int
    FROM generate_series(${first}::date, ${end}::date, interval '1 day') AS d(day)
    CROSS JOIN vendors v
    -- The reference to v makes the subquery run per row, so every row draws its own number.
    CROSS JOIN LATERAL (SELECT (random() * 80)::int + (v.id IS NULL)::int AS views) s
    ORDER BY d.day, v.id`.execute(db);
  // Requests over the year, in the order they arrive; 85% answered, in business minutes spread
  // from minutes to days; the rest still open.
  await sql`INSERT INTO availability_requests
      (vendor_id, user_id, message, event_type, event_date, status, response, responded_at, response_minutes, created_at)
    SELECT r.vendor_id, r.user_id, 'Are you free?', 'Wedding', r.created_at + interval '120 days',
      CASE WHEN r.answered THEN 'responded' ELSE 'sent' END,
      CASE WHEN r.answered THEN 'Yes' END,
      CASE WHEN r.answered THEN r.created_at + r.minutes * interval '1 minute' END,
      CASE WHEN r.answered THEN r.minutes END,
      r.created_at
    FROM (
      SELECT v.id AS vendor_id, c.ids[1 + (abs(hashtext(v.id::text || k)) % 1000)] AS user_id,
        now() - random() * ${DAYS} * interval '1 day' AS created_at,
        random() < 0.85 AS answered, (exp(random() * 8))::int AS minutes
      FROM vendors v
      CROSS JOIN generate_series(1, ${REQUESTS_PER_LISTING}::int) k
      CROSS JOIN (SELECT array_agg(id) AS ids FROM users WHERE email LIKE 'ac-%') c
    ) r
    ORDER BY r.created_at`.execute(db);
  for (const table of ['users', 'vendors', 'vendor_daily_stats', 'availability_requests']) {
    await sql.raw(`VACUUM ANALYZE ${table}`).execute(db);
  }
  const count = async (table: string) =>
    Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]?.n);
  const size = async (relation: string) =>
    (
      await sql<{
        s: string;
      }>`SELECT pg_size_pretty(pg_total_relation_size(${relation}::regclass)) AS s`.execute(db)
    ).rows[0]?.s;
  return {
    listings: await count('vendors'),
    dailyRows: await count('vendor_daily_stats'),
    requests: await count('availability_requests'),
    sizes: {
      vendorDailyStats: await size('vendor_daily_stats'),
      availabilityRequests: await size('availability_requests'),
    },
    sharedBuffers: (await sql<{ s: string }>`SELECT current_setting('shared_buffers') AS s`.execute(db))
      .rows[0]?.s,
  };
}

interface Listing {
  id: string;
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  city: string | null;
  owner: UserDto;
}

async function listingsOf(db: Db): Promise<Listing[]> {
  const rows = await db
    .selectFrom('vendors as v')
    .innerJoin('users as u', 'u.id', 'v.ownerId')
    .select([
      'v.id',
      'v.latitude',
      'v.longitude',
      'v.timeZone',
      'v.city',
      'u.id as ownerId',
      'u.email',
      'u.name',
      'u.phone',
      'u.familyLabel',
      'u.hebrewDatesEnabled',
      'u.shabbatWarningsEnabled',
      'u.emailNotificationsEnabled',
      'u.role',
      'u.createdAt',
      'u.emailConfirmedAt',
      'u.homePlaceId',
      'u.observanceSchedule',
      'u.candleMinutes',
      'u.havdalah',
      'u.weddingCustom',
      'u.language',
      'u.version',
    ])
    .execute();
  return rows.map(({ id, latitude, longitude, timeZone, city, ownerId, ...user }) => ({
    id,
    latitude,
    longitude,
    timeZone,
    city,
    owner: { id: ownerId, ...user },
  }));
}

/** A caller acting as the listing's owner, as the HTTP layer would build it after reading the session. */
function callerFor(deps: AppDeps, owner: UserDto) {
  const ctx: Context = {
    ...deps,
    user: owner,
    session: { id: owner.id, expiresAt: new Date(Date.now() + 3_600_000) },
    ip: '127.0.0.1',
    userAgent: 'simchahub-bench',
    sessionCookie: { set() {}, clear() {} },
    deviceCookie: { token: null, set() {} },
  };
  return createCaller(ctx);
}

const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

/** Runs `total` calls on `parallel` workers, each call on a random listing; the time of each. */
async function measure(
  parallel: number,
  total: number,
  call: (listing: Listing) => Promise<unknown>,
  listings: Listing[],
) {
  const times: number[] = [];
  let next = 0;
  const cpu = process.cpuUsage();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < total) {
        next++;
        const listing = pick(listings);
        const t = performance.now();
        await call(listing);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    ...spread(times),
    perSecond: Math.round(total / seconds),
    /** This process's CPU per call (the procedure or service, Kysely, the driver). */
    nodeCpuMsPerCall: round((used.user + used.system) / 1000 / total, 3),
  };
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Actual Rows'?: number;
  'Heap Fetches'?: number;
  Plans?: PlanNode[];
}

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement for several listings: its plan and median times. */
async function explain(db: Db, compile: (listing: Listing) => CompiledQuery, listings: Listing[]) {
  const runs = [];
  for (let i = 0; i < EXPLAIN_SAMPLES; i++) {
    const query = compile(pick(listings));
    const result = await db.executeQuery<{
      'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number; 'Planning Time': number }];
    }>(CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query.sql}`, [...query.parameters]));
    const plan = result.rows[0]?.['QUERY PLAN'][0];
    if (!plan) throw new Error('EXPLAIN gave no plan');
    runs.push(plan);
  }
  const median = (values: number[]) =>
    round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0, 3);
  const nodes = runs.map((r) => nodesOf(r.Plan));
  const last = nodes.at(-1) ?? [];
  return {
    sql: compile(listings[0] as Listing).sql,
    executionMs: median(runs.map((r) => r['Execution Time'])),
    planningMs: median(runs.map((r) => r['Planning Time'])),
    nodes: last.map((n) => [n['Node Type'], n['Index Name'] ?? n['Relation Name']].filter(Boolean).join(' ')),
    rows: last[0]?.['Actual Rows'],
    sharedHitBlocks: median(
      runs.map((r) => nodesOf(r.Plan).reduce((s, n) => s + (n['Shared Hit Blocks'] ?? 0), 0)),
    ),
    sharedReadBlocks: median(
      runs.map((r) => nodesOf(r.Plan).reduce((s, n) => s + (n['Shared Read Blocks'] ?? 0), 0)),
    ),
    // Index Scan, Index Only Scan or Bitmap Index Scan: each reads a range of the index.
    indexScan: nodes.every((list) => list.some((n) => n['Node Type'].includes('Index'))),
    sequentialScans: nodes.flat().filter((n) => n['Node Type'] === 'Seq Scan').length,
  };
}

async function main() {
  const admin = createPostgresDb(adminUrl, { max: 1, statementTimeoutMs: 0 });
  await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const setup = createPostgresDb(url.toString(), { max: 1, statementTimeoutMs: 0 });
  const one = createPostgresDb(url.toString(), { max: 1 });
  const four = createPostgresDb(url.toString(), { max: 4 });
  const live = new LiveHub(liveSourceFor({ kind: 'postgres', connectionString: url.toString() }, console));
  try {
    await migrateToLatest(setup.db);
    const now = new Date();
    const seeded = await timed('seed', () => seed(setup.db, now.toISOString().slice(0, 10)));
    console.log(seeded.value);
    const listings = await listingsOf(setup.db);

    const config = {
      ...loadConfig({
        NODE_ENV: 'production',
        APP_URL: 'http://127.0.0.1:3000',
        DATA_DIR: path.join(os.tmpdir(), 'simchahub-bench-analytics'),
      }),
      logLevel: 'silent' as const,
    };
    const depsOf = (db: Db): AppDeps => ({
      db,
      config,
      marketplace: new MarketplaceCache(),
      now: () => now,
      live,
    });
    const viaProcedure = (deps: AppDeps) => (listing: Listing) =>
      callerFor(deps, listing.owner).vendors.analytics({ days: 90, vendorId: listing.id });
    const viaService = (db: Db) => (listing: Listing) =>
      vendorAnalytics(db, listing.id, 90, now, listingClock(listing));

    const cases: [string, number, (listing: Listing) => Promise<unknown>][] = [
      ['procedure, 1 connection', 1, viaProcedure(depsOf(one.db))],
      ['procedure, 4 concurrent on 4 connections', 4, viaProcedure(depsOf(four.db))],
      ['service, 1 connection', 1, viaService(one.db)],
      ['service, 4 concurrent on 4 connections', 4, viaService(four.db)],
    ];
    const latency: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    const loadAverage: Record<string, number | undefined> = { before: os.loadavg()[0] };
    for (const [label, parallel, call] of cases) {
      await measure(parallel, WARM_UP, call, listings);
      latency[label] = await measure(parallel, CALLS, call, listings);
      console.log(label, latency[label]);
    }
    loadAverage.after = os.loadavg()[0];

    const end = now.toISOString().slice(0, 10);
    const explained = {
      daily: await explain(
        one.db,
        (l) => dailyStatsQuery(one.db, l.id, addDays(end, -89), end).compile(),
        listings,
      ),
      requests: await explain(
        one.db,
        (l) => requestOutcomesQuery(one.db, l.id, new Date(now.getTime() - 30 * 86_400_000)).compile(),
        listings,
      ),
    };
    console.log(JSON.stringify(explained, null, 2));

    const worstP99 = Math.max(...Object.values(latency).map((l) => l.p99));
    const file = path.join(
      path.dirname(new URL(import.meta.url).pathname),
      'results',
      `analytics-${today()}.json`,
    );
    await writeFile(
      file,
      `${JSON.stringify(
        {
          date: now.toISOString(),
          machine: { ...machine(await serverVersion(setup.db)), loadAverage },
          settings: { LISTINGS, DAYS, REQUESTS_PER_LISTING, CALLS, warmUp: WARM_UP, windowDays: 90 },
          seed: { ...seeded.value, seconds: seeded.seconds },
          latencyMs: latency,
          explain: explained,
          target: { p99Ms: TARGET_P99_MS, worstP99Ms: worstP99, met: worstP99 <= TARGET_P99_MS },
        },
        null,
        2,
      )}\n`,
    );
    console.log(`wrote ${file}`);
  } finally {
    await Promise.all([setup.db.destroy(), one.db.destroy(), four.db.destroy()]);
    await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
    await admin.db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
