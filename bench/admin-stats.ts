/**
 * Admin figures benchmark, against the target of issue 13 (GET /api/admin/stats exact, p99 under
 * 20 ms with 100,000 users and 100,000 listings), on PostgreSQL:
 *
 *   - a throwaway database on the server, seeded set-based with USERS users (a tenth created this
 *     week), LISTINGS listings (a third verified), pending claims, open reports and a week of
 *     messages, through the triggers that keep the counters;
 *   - admin.overview.stats through the procedure (the admin check, the statement, the output
 *     check), on one connection one call at a time and with 4 concurrent calls on 4 connections;
 *     the same figures counted with count(*) for comparison (what the counters replace);
 *   - every answer compared with count(*) once, so the figures are exact, not just fast;
 *   - EXPLAIN (ANALYZE, BUFFERS) of the statement.
 *
 *   npm run bench:admin
 *   BENCH_ADMIN_URL=postgres://...   (default postgres://postgres@127.0.0.1:5432/postgres)
 *   USERS, LISTINGS, CALLS           (default 100000, 100000, 2000)
 *
 * Writes bench/results/admin-stats-<date>.json.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { platformStats, platformStatsStatement } from '../src/server/domains/admin/overview.service';
import { MarketplaceCache } from '../src/server/domains/vendors/marketplace-cache';
import { createCaller } from '../src/server/doors/trpc/app-router';
import { createPostgresDb, type Db } from '../src/server/platform/db/create-db';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import { loadConfig } from '../src/server/platform/env';
import { LiveHub, liveSourceFor } from '../src/server/platform/live/hub';
import type { AppDeps, Context } from '../src/server/platform/trpc/context';
import type { UserDto } from '../src/shared/schemas/auth';
import { machine, serverVersion, today } from './lib/environment';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = 'simchahub_bench_admin';
const USERS = Number(process.env.USERS ?? 100_000);
const LISTINGS = Number(process.env.LISTINGS ?? 100_000);
const CALLS = Number(process.env.CALLS ?? 2_000);
const WARM_UP = 300;
const TARGET_P99_MS = 20;

const round = (ms: number, digits = 2) => Math.round(ms * 10 ** digits) / 10 ** digits;

function spread(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
  return { count: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

async function seed(db: Db) {
  await sql`INSERT INTO users (email, password_hash, name, role, created_at)
    SELECT 'bu-' || i || '@bench.example', 'not-a-hash', 'Bench User ' || i,
      CASE WHEN i % 3 = 0 THEN 'vendor' ELSE 'customer' END,
      now() - (CASE WHEN i % 10 = 0 THEN random() * 6 ELSE 8 + random() * 700 END) * interval '1 day'
    FROM generate_series(1, ${USERS}::int) i`.execute(db);
  await sql`INSERT INTO vendors (business_name, category, contact_email, verified)
    SELECT 'Bench Listing ' || i, (ARRAY['Venues','Caterers','Photographers','Musicians','Florists'])[1 + i % 5],
      'listing-' || i || '@bench.example', i % 3 = 0
    FROM generate_series(1, ${LISTINGS}::int) i`.execute(db);
  await sql`INSERT INTO vendor_claims (user_id, vendor_id, business_name, business_description, business_address,
      business_phone, business_email, ownership_proof, status, reviewed_at)
    SELECT u.id, v.id, v.business_name, 'x', 'x', 'x', 'x@bench.example', 'x',
      CASE WHEN n % 4 = 0 THEN 'pending' ELSE 'rejected' END,
      CASE WHEN n % 4 = 0 THEN NULL ELSE now() END
    FROM (SELECT id, row_number() OVER () AS n FROM users LIMIT 2000) u
    JOIN (SELECT id, business_name, row_number() OVER () AS n FROM vendors LIMIT 2000) v USING (n)`.execute(
    db,
  );
  await sql`INSERT INTO message_threads (vendor_id, customer_id, subject)
    SELECT v.id, u.id, 'Bench thread'
    FROM (SELECT id, row_number() OVER () AS n FROM users WHERE role = 'customer' LIMIT 5000) u
    JOIN (SELECT id, row_number() OVER () AS n FROM vendors LIMIT 5000) v USING (n)`.execute(db);
  await sql`INSERT INTO messages (thread_id, sender_id, message_text, created_at)
    SELECT t.id, t.customer_id, 'Hello', now() - random() * 14 * interval '1 day'
    FROM message_threads t CROSS JOIN generate_series(1, 20)`.execute(db);
  await sql`INSERT INTO thread_reports (thread_id, reporter_id, reason)
    SELECT id, customer_id, 'Bench report' FROM message_threads LIMIT 300`.execute(db);
  for (const table of [
    'users',
    'vendors',
    'vendor_claims',
    'messages',
    'thread_reports',
    'platform_counters',
  ]) {
    await sql.raw(`VACUUM ANALYZE ${table}`).execute(db);
  }
}

/** The same figures the slow way: what every read would cost without the counters. */
async function countedStats(db: Db) {
  const { rows } = await sql<Record<string, string>>`
    SELECT
      (SELECT count(*) FROM users) AS "totalUsers",
      (SELECT count(*) FROM users WHERE created_at >= ((now() AT TIME ZONE 'UTC')::date - 6)::timestamp AT TIME ZONE 'UTC') AS "newUsersThisWeek",
      (SELECT count(*) FROM vendors) AS "totalVendors",
      (SELECT count(*) FROM vendors WHERE verified) AS "verifiedVendors",
      (SELECT count(*) FROM vendor_claims WHERE status = 'pending') AS "pendingClaims",
      (SELECT count(*) FROM thread_reports WHERE status = 'open') AS "openReports",
      (SELECT count(*) FROM messages WHERE created_at >= ((now() AT TIME ZONE 'UTC')::date - 6)::timestamp AT TIME ZONE 'UTC') AS "messagesLast7Days"`.execute(
    db,
  );
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

function adminCaller(deps: AppDeps, admin: UserDto) {
  const ctx: Context = {
    ...deps,
    user: admin,
    session: { id: admin.id, expiresAt: new Date(Date.now() + 3_600_000) },
    ip: '127.0.0.1',
    userAgent: 'simchahub-bench',
    sessionCookie: { set() {}, clear() {} },
    deviceCookie: { token: null, set() {} },
  };
  return createCaller(ctx);
}

async function measure(parallel: number, total: number, call: () => Promise<unknown>) {
  const times: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < total) {
        next++;
        const t = performance.now();
        await call();
        times.push(performance.now() - t);
      }
    }),
  );
  return { ...spread(times), perSecond: Math.round(total / ((performance.now() - start) / 1000)) };
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
    const seedStart = performance.now();
    await seed(setup.db);
    const seedSeconds = round((performance.now() - seedStart) / 1000, 1);
    const exact = await countedStats(setup.db);
    console.log('seeded in', seedSeconds, 's', exact);
    const answered = await platformStats(setup.db);
    const matches = JSON.stringify(answered) === JSON.stringify(exact);
    if (!matches) throw new Error(`figures differ: ${JSON.stringify(answered)} vs ${JSON.stringify(exact)}`);

    const adminRow = await setup.db
      .insertInto('users')
      .values({
        email: 'bench-admin@bench.example',
        passwordHash: 'not-a-hash',
        name: 'Bench Admin',
        role: 'admin',
      })
      .returning([
        'id',
        'email',
        'name',
        'phone',
        'familyLabel',
        'hebrewDatesEnabled',
        'shabbatWarningsEnabled',
        'emailNotificationsEnabled',
        'role',
        'createdAt',
        'emailConfirmedAt',
        'homePlaceId',
        'observanceSchedule',
        'candleMinutes',
        'havdalah',
        'weddingCustom',
        'language',
        'version',
      ])
      .executeTakeFirstOrThrow();
    const config = {
      ...loadConfig({
        NODE_ENV: 'production',
        APP_URL: 'http://127.0.0.1:3000',
        DATA_DIR: path.join(os.tmpdir(), 'simchahub-bench-admin'),
      }),
      logLevel: 'silent' as const,
    };
    const depsOf = (db: Db): AppDeps => ({
      db,
      config,
      marketplace: new MarketplaceCache(),
      now: () => new Date(),
      live,
    });
    const cases: [string, number, () => Promise<unknown>][] = [
      ['procedure, 1 connection', 1, () => adminCaller(depsOf(one.db), adminRow).admin.overview.stats()],
      ['procedure, 4 connections', 4, () => adminCaller(depsOf(four.db), adminRow).admin.overview.stats()],
      ['count(*) instead, 1 connection', 1, () => countedStats(one.db)],
    ];
    const latency: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    const loadAverage: Record<string, number | undefined> = { before: os.loadavg()[0] };
    for (const [label, parallel, call] of cases) {
      await measure(parallel, WARM_UP, call);
      latency[label] = await measure(parallel, label.startsWith('count') ? CALLS / 10 : CALLS, call);
      console.log(label, latency[label]);
    }
    loadAverage.after = os.loadavg()[0];

    const plan = await sql<{ 'QUERY PLAN': [{ 'Execution Time': number; 'Planning Time': number }] }>`
      EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${platformStatsStatement()}`.execute(one.db);
    const explained = plan.rows[0]?.['QUERY PLAN'][0];

    const ours = [latency['procedure, 1 connection'], latency['procedure, 4 connections']];
    const worstP99 = Math.max(...ours.map((l) => l?.p99 ?? Number.POSITIVE_INFINITY));
    const file = path.join(
      path.dirname(new URL(import.meta.url).pathname),
      'results',
      `admin-stats-${today()}.json`,
    );
    await writeFile(
      file,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: { ...machine(await serverVersion(setup.db)), loadAverage },
          settings: { USERS, LISTINGS, CALLS, warmUp: WARM_UP },
          seed: { seconds: seedSeconds, figures: exact },
          exact: matches,
          latencyMs: latency,
          statement: { executionMs: explained?.['Execution Time'], planningMs: explained?.['Planning Time'] },
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
