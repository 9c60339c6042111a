/**
 * Cost of the shared rate limits (src/server/platform/limits/rate-limit.ts) on PostgreSQL: one atomic upsert
 * per counted request. Measures the statement alone, sequentially and with 10 connections, on one
 * hot key (every request from one address, the worst case) and on 5,000 keys (many clients).
 * Results: bench/results/rate-limits.json and bench/RESULTS.md.
 */
import { writeFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { createPostgresDb } from '../src/server/platform/db/create-db';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import { consume } from '../src/server/platform/limits/rate-limit';

const adminUrl = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = 'simchahub_bench_limits';
const rule = { max: 1_000_000_000, windowMs: 60_000 };

async function main() {
  const admin = createPostgresDb(adminUrl, { max: 1 });
  await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
  await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createPostgresDb(url.toString(), { max: 10 });
  await migrateToLatest(handle.db);
  const results: Record<string, { medianMs: number; p99Ms: number; perSecond: number }> = {};

  async function run(label: string, keyFor: (i: number) => string, parallel: number, total: number) {
    const times: number[] = [];
    let next = 0;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < total) {
          const key = keyFor(next++);
          const t = performance.now();
          await consume(handle.db, key, rule, new Date());
          times.push(performance.now() - t);
        }
      }),
    );
    const wall = performance.now() - start;
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round((times[Math.floor(times.length * q)] ?? 0) * 1000) / 1000;
    results[label] = { medianMs: at(0.5), p99Ms: at(0.99), perSecond: Math.round(total / (wall / 1000)) };
    console.log(`${label}: median ${at(0.5)} ms, p99 ${at(0.99)} ms, ${results[label]?.perSecond}/s`);
  }

  try {
    await run('warm-up', (i) => `warm:${i % 100}`, 1, 2_000);
    delete results['warm-up'];
    await run('one key, 1 connection', () => 'hot', 1, 5_000);
    await run('one key, 10 connections', () => 'hot', 10, 20_000);
    await run('5,000 keys, 10 connections', (i) => `ip:${i % 5_000}`, 10, 20_000);
    const version = (await sql<{ v: string }>`select version() as v`.execute(handle.db)).rows[0]?.v;
    await writeFile(
      new URL('./results/rate-limits.json', import.meta.url),
      `${JSON.stringify({ date: new Date().toISOString(), node: process.version, postgres: version, results }, null, 2)}\n`,
    );
  } finally {
    await handle.db.destroy();
    await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
    await admin.db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
