/**
 * Messaging benchmark, against the targets of issue 11, on PostgreSQL with two server processes
 * (A and B, the compiled server built for the run) on one database seeded with 100,000 threads:
 *
 *   a) delivery: customers hold their event stream on A while their vendors reply through B's REST
 *      path at a modest rate; the time from sending a reply to its arrival on the customer's stream
 *      (target p99 at most 100 ms);
 *   b) 1,000 open streams of 1,000 distinct signed-in users on A: RSS and heap per stream (after
 *      garbage collection, difference divided by the count), and replies reaching some of them
 *      while all are open;
 *   c) `GET /api/messages/unread-count` and `GET /api/messages/threads` with autocannon at low
 *      concurrency (target p99 at most 15 ms), and EXPLAIN (ANALYZE, BUFFERS) of their statements,
 *      checked for sequential scans.
 *
 *   npm run bench:messaging                 (a private PostgreSQL server, started and removed here)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:messaging   (a fresh database on that server)
 *   THREADS, CUSTOMERS, VENDORS             (seed; default 100000, 10000, 2000)
 *   REPLIES, REPLY_RATE                     (part a; default 300 replies at 10 a second)
 *   STREAMS                                 (part b; default 1000)
 *   READ_SECONDS                            (part c, per path and concurrency; default 10)
 *
 * Writes bench/results/messaging-<date>.json.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { DEFAULT_PASSWORD } from '../src/server/demo/factories';
import { hashPassword } from '../src/server/domains/auth/password';
import { unreadCountQuery } from '../src/server/domains/messages/messages.queries';
import { threadsPageQuery } from '../src/server/domains/messages/messages.service';
import type { Db } from '../src/server/platform/db/create-db';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import { appendLiveEvents } from '../src/server/platform/live/live-events';
import { compileServer } from '../src/server/test/server-process';
import { ReconnectingSseClient, type SseFrame } from '../src/server/test/sse-client';
import type { UserDto } from '../src/shared/schemas/auth';
import { MESSAGING_LIMITS } from '../src/shared/schemas/messages';
import { benchSession } from './lib/embedded-server';
import {
  cpuMeter,
  machine,
  openDatabase,
  type RunningServer,
  serverVersion,
  startServer,
  today,
} from './lib/environment';
import { HttpClient } from './lib/http';
import { quantile } from './lib/recorder';

const THREADS = Number(process.env.THREADS ?? 100_000);
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 10_000);
const VENDORS = Number(process.env.VENDORS ?? 2_000);
const REPLIES = Number(process.env.REPLIES ?? 300);
const REPLY_RATE = Number(process.env.REPLY_RATE ?? 10);
const STREAMS = Number(process.env.STREAMS ?? 1_000);
const READ_SECONDS = Number(process.env.READ_SECONDS ?? 10);
/** Pairs whose vendor replies in part a (each customer holds one stream). */
const PAIRS = 20;
/** Replies to customers among the open streams of part b. */
const REPLIES_WHILE_OPEN = 50;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const round = (ms: number) => Math.round(ms * 10) / 10;

function spread(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: quantile(sorted, 1),
  };
}

/**
 * Customers, vendors each owning one claimed listing, and threads between them with three messages
 * each, written set-based. A customer has THREADS / CUSTOMERS threads with as many vendors; a vendor
 * THREADS / VENDORS threads. One thread in five ends with an unread message.
 */
async function seed(db: Db): Promise<Record<string, number>> {
  const passwordHash = await hashPassword(DEFAULT_PASSWORD);
  await sql`INSERT INTO users (email, password_hash, name, role)
    SELECT 'mc-' || i || '@bench.example', ${passwordHash}, 'Bench Family ' || i, 'customer'
    FROM generate_series(1, ${CUSTOMERS}::int) i`.execute(db);
  await sql`INSERT INTO users (email, password_hash, name, role)
    SELECT 'mv-' || i || '@bench.example', ${passwordHash}, 'Bench Vendor ' || i, 'vendor'
    FROM generate_series(1, ${VENDORS}::int) i`.execute(db);
  await sql`INSERT INTO vendors (business_name, category, contact_email, owner_id, claimed)
    SELECT 'Bench Studio ' || split_part(email, '@', 1), 'Photographers', email, id, true
    FROM users WHERE email LIKE 'mv-%@bench.example'`.execute(db);
  // Customer i's threads go to vendors i, i+131, i+262, ... (mod VENDORS): all different.
  await sql`WITH c AS (SELECT array_agg(id ORDER BY email) AS ids FROM users WHERE email LIKE 'mc-%@bench.example'),
      v AS (SELECT array_agg(id ORDER BY contact_email) AS ids FROM vendors WHERE contact_email LIKE 'mv-%@bench.example'),
      g AS (SELECT g, now() - ((g::bigint * 7919) % 7776000) * interval '1 second' AS at
            FROM generate_series(0, ${THREADS - 1}::int) g)
    INSERT INTO message_threads (vendor_id, customer_id, subject, event_type, event_date, last_message_at, created_at)
    SELECT v.ids[1 + ((g / ${CUSTOMERS}::int) * 131 + g) % ${VENDORS}::int], c.ids[1 + g % ${CUSTOMERS}::int],
      'Bench thread ' || g, 'Wedding', date_trunc('day', at) + interval '200 days', at, at - interval '1 day'
    FROM g, c, v`.execute(db);
  await sql`INSERT INTO messages (thread_id, sender_id, receiver_id, message_text, status, seen_at, created_at)
    SELECT t.id,
      CASE WHEN k = 2 OR (k = 3 AND t.h % 2 = 1) THEN v.owner_id ELSE t.customer_id END,
      CASE WHEN k = 2 OR (k = 3 AND t.h % 2 = 1) THEN t.customer_id ELSE v.owner_id END,
      'Bench message ' || k || ' about ' || t.subject || ': is the date still free, and for how many guests?',
      CASE WHEN k = 3 AND t.h % 5 = 0 THEN 'sent' ELSE 'seen' END,
      CASE WHEN k = 3 AND t.h % 5 = 0 THEN NULL ELSE t.last_message_at END,
      t.last_message_at - (3 - k) * interval '10 minutes'
    FROM (SELECT *, abs(hashtext(id::text)) AS h FROM message_threads) t
    JOIN vendors v ON v.id = t.vendor_id
    CROSS JOIN generate_series(1, 3) k`.execute(db);
  await sql`UPDATE message_threads t
    SET unread_by_customer = (m.sender_id <> t.customer_id)::int, unread_by_vendor = (m.sender_id = t.customer_id)::int
    FROM messages m WHERE m.thread_id = t.id AND m.status = 'sent'`.execute(db);
  for (const table of ['users', 'vendors', 'message_threads', 'messages']) {
    await sql.raw(`VACUUM ANALYZE ${table}`).execute(db);
  }
  const count = async (table: string) =>
    Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db)).rows[0]?.n);
  return {
    users: await count('users'),
    vendors: await count('vendors'),
    threads: await count('message_threads'),
    messages: await count('messages'),
    unreadThreads: Number(
      (
        await sql<{ n: string }>`select count(*) as n from message_threads
          where unread_by_customer > 0 or unread_by_vendor > 0`.execute(db)
      ).rows[0]?.n,
    ),
  };
}

/** Session cookies for users, written through the same query as sign-in. */
async function cookiesFor(db: Db, userIds: string[]): Promise<Map<string, string>> {
  const cookies = new Map<string, string>();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < userIds.length) {
        const userId = userIds[next++] as string;
        cookies.set(userId, (await benchSession(db, userId, 24 * 60 * 60 * 1000)).cookie);
      }
    }),
  );
  return cookies;
}

interface Pair {
  threadId: string;
  customerId: string;
  vendorUserId: string;
}

/** One thread of each of these customers, with the user who owns its listing. */
async function pairsOf(db: Db, customerEmails: string[]): Promise<Pair[]> {
  const rows = await sql<{ threadId: string; customerId: string; ownerId: string }>`
    SELECT DISTINCT ON (t.customer_id) t.id AS thread_id, t.customer_id, v.owner_id
    FROM message_threads t
    JOIN vendors v ON v.id = t.vendor_id
    JOIN users u ON u.id = t.customer_id
    WHERE u.email = ANY(${customerEmails}::text[])
    ORDER BY t.customer_id, t.last_message_at DESC`.execute(db);
  return rows.rows.map((r) => ({ threadId: r.threadId, customerId: r.customerId, vendorUserId: r.ownerId }));
}

const customerEmails = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `mc-${from + i}@bench.example`);

/** Where each reply's arrival is reported: replies carry `bench-<n>` at the start of their text. */
class Arrivals {
  readonly #waiting = new Map<string, (at: number) => void>();
  readonly arrivedAt = new Map<string, number>();
  duplicates = 0;

  expect(token: string): Promise<number> {
    return new Promise((resolve) => this.#waiting.set(token, resolve));
  }

  onFrame(frame: SseFrame, at: number): void {
    if (frame.event !== 'message') return;
    const text = (JSON.parse(frame.data) as { message: { messageText: string } }).message.messageText;
    const token = /^(bench-\d+)/.exec(text)?.[1];
    if (!token) return;
    if (this.arrivedAt.has(token)) {
      this.duplicates++;
      return;
    }
    this.arrivedAt.set(token, at);
    this.#waiting.get(token)?.(at);
    this.#waiting.delete(token);
  }
}

/** A customer's stream on a server; resolves `synced` on its first event. */
function holdStream(base: string, cookie: string, arrivals: Arrivals) {
  let synced!: () => void;
  const ready = new Promise<void>((resolve) => {
    synced = resolve;
  });
  const client = new ReconnectingSseClient(
    `${base}/api/messages/events`,
    { cookie },
    (frame, at) => {
      if (frame.event === 'sync') synced();
      arrivals.onFrame(frame, at);
    },
    1000,
  );
  return { client, ready };
}

let tokenCounter = 0;

/**
 * Vendors' replies through B at `rate` a second, open loop (each sent at its time whatever the
 * earlier ones do), each timed from just before it is sent to its arrival on the customer's stream.
 */
async function sendReplies(options: {
  http: HttpClient;
  pairs: Pair[];
  cookies: Map<string, string>;
  arrivals: Arrivals;
  count: number;
  rate: number;
}) {
  const { http, pairs, cookies, arrivals, count, rate } = options;
  const delivery: number[] = [];
  const answer: number[] = [];
  const failures: string[] = [];
  let lost = 0;
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    await sleep(start + (i * 1000) / rate - performance.now());
    const pair = pairs[i % pairs.length] as Pair;
    const token = `bench-${++tokenCounter}`;
    const arrived = arrivals.expect(token);
    const sentAt = performance.now();
    sent.push(
      (async () => {
        const res = await http.send('POST', `/api/messages/${pair.threadId}/reply`, {
          cookie: cookies.get(pair.vendorUserId),
          body: { messageText: `${token}: thank you, the date is still free.`, messageType: 'text' },
          headers: { 'idempotency-key': randomUUID() },
        });
        answer.push(res.ms);
        if (res.status === null || res.status >= 300) {
          failures.push(`${res.status ?? res.error}: ${res.body.slice(0, 200)}`);
          return;
        }
        const at = await Promise.race([arrived, sleep(10_000).then(() => null)]);
        if (at === null) lost++;
        else delivery.push(at - sentAt);
      })(),
    );
  }
  await Promise.all(sent);
  return {
    replies: count,
    ratePerSecond: rate,
    deliveryMs: spread(delivery.map(round)),
    replyAnswerMs: spread(answer.map(round)),
    failures: failures.length,
    failureExamples: failures.slice(0, 5),
    lost,
  };
}

/**
 * The live path alone: messages written straight into the database by this process (the message
 * row and its live event in one transaction, as the reply does last), at `rate` a second, each
 * timed from the commit's acknowledgement to its arrival on the stream: NOTIFY, process A's
 * listener, the stream's read of its events and rows, and the write to the socket.
 */
async function writeDirect(options: {
  db: Db;
  pairs: Pair[];
  arrivals: Arrivals;
  count: number;
  rate: number;
}) {
  const { db, pairs, arrivals, count, rate } = options;
  const fromCommit: number[] = [];
  const fromStart: number[] = [];
  let lost = 0;
  const start = performance.now();
  const sent: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    await sleep(start + (i * 1000) / rate - performance.now());
    const pair = pairs[i % pairs.length] as Pair;
    const token = `bench-${++tokenCounter}`;
    const arrived = arrivals.expect(token);
    sent.push(
      (async () => {
        const startedAt = performance.now();
        await db.transaction().execute(async (trx) => {
          const { id } = await trx
            .insertInto('messages')
            .values({
              threadId: pair.threadId,
              senderId: pair.vendorUserId,
              receiverId: pair.customerId,
              messageText: `${token}: written straight into the database.`,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await appendLiveEvents(trx, [
            { userId: pair.customerId, kind: 'message', ref: { threadId: pair.threadId, messageId: id } },
          ]);
        });
        const committedAt = performance.now();
        const at = await Promise.race([arrived, sleep(10_000).then(() => null)]);
        if (at === null) lost++;
        else {
          fromCommit.push(at - committedAt);
          fromStart.push(at - startedAt);
        }
      })(),
    );
  }
  await Promise.all(sent);
  return {
    writes: count,
    ratePerSecond: rate,
    fromCommitMs: spread(fromCommit.map(round)),
    fromWriteStartMs: spread(fromStart.map(round)),
    lost,
  };
}

/** The server's memory after collecting garbage, read through bench/lib/memory-probe.mjs. */
async function memoryOf(server: RunningServer, file: string) {
  const previous = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { at: number }).at : 0;
  process.kill(server.serverPid, 'SIGUSR2');
  for (let i = 0; i < 200; i++) {
    await sleep(50);
    try {
      const m = JSON.parse(await readFile(file, 'utf8')) as NodeJS.MemoryUsage & { at: number };
      if (m.at !== previous) {
        const mib = (n: number) => Math.round((n / 2 ** 20) * 100) / 100;
        return {
          rssMiB: mib(m.rss),
          heapUsedMiB: mib(m.heapUsed),
          heapTotalMiB: mib(m.heapTotal),
          externalMiB: mib(m.external),
          rss: m.rss,
          heapUsed: m.heapUsed,
          external: m.external,
        };
      }
    } catch {
      // not written yet
    }
  }
  throw new Error('The server did not report its memory');
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (n: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

/** EXPLAIN (ANALYZE, BUFFERS) three times: the median execution and planning time, the scans it used. */
async function explain(
  client: pg.Client,
  name: string,
  compiled: { sql: string; parameters: readonly unknown[] },
) {
  const runs: { execution: number; planning: number; plan: PlanNode }[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await client.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${compiled.sql}`, [
      ...compiled.parameters,
    ]);
    const [out] = res.rows[0]['QUERY PLAN'] as {
      Plan: PlanNode;
      'Execution Time': number;
      'Planning Time': number;
    }[];
    if (!out) throw new Error(`no plan for ${name}`);
    runs.push({ execution: out['Execution Time'], planning: out['Planning Time'], plan: out.Plan });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] ?? 0;
  const scans: string[] = [];
  const seqScans: string[] = [];
  walk((runs[0] as (typeof runs)[0]).plan, (n) => {
    if (n['Node Type'] === 'Seq Scan') seqScans.push(n['Relation Name'] ?? '?');
    if (n['Index Name']) scans.push(`${n['Node Type']} ${n['Index Name']}`);
  });
  return {
    name,
    executionMs: Math.round(median(runs.map((r) => r.execution)) * 1000) / 1000,
    planningMs: Math.round(median(runs.map((r) => r.planning)) * 1000) / 1000,
    indexScans: [...new Set(scans)],
    seqScans,
    seqScanOfThreadsOrMessages: seqScans.some((t) => t === 'message_threads' || t === 'messages'),
  };
}

async function readLatency(
  server: RunningServer,
  postgresPort: number | null,
  pathName: string,
  cookie: string | null,
  connections: number,
) {
  const base = server.baseUrl;
  const run = (duration: number) =>
    autocannon({
      url: `${base}${pathName}`,
      connections,
      duration,
      headers: cookie ? { cookie } : {},
    });
  await run(2);
  const meter = cpuMeter(server.serverPid, postgresPort);
  const result = await run(READ_SECONDS);
  const cpu = meter();
  const perRequest = (cores: number | null) =>
    cores === null ? null : Math.round(((cores * 1000) / result.requests.average) * 100) / 100;
  return {
    path: pathName,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    /** CPU time per request (ms): the server process, PostgreSQL, autocannon itself. */
    cpuMsPerRequest: {
      server: perRequest(cpu.serverCores),
      postgres: perRequest(cpu.postgresCores),
      generator: perRequest(cpu.generatorCores),
    },
    machineBusy: cpu.machineBusy,
  };
}

async function main() {
  if (CUSTOMERS < PAIRS + STREAMS + 1) throw new Error(`CUSTOMERS must be at least ${PAIRS + STREAMS + 1}`);
  const database = await openDatabase({ allowUrl: true, name: 'simchahub_bench_messaging' });
  const servers: RunningServer[] = [];
  let build: Awaited<ReturnType<typeof compileServer>> | null = null;
  const probeDir = await mkdtemp(path.join(os.tmpdir(), 'simchahub-bench-memory-'));
  const memoryFile = path.join(probeDir, 'memory.json');
  try {
    console.log(`Database: ${database.describe}`);
    await migrateToLatest(database.db);
    console.log(`Seeding ${THREADS} threads (${CUSTOMERS} customers, ${VENDORS} vendors)...`);
    const seedStart = performance.now();
    const seeded = await seed(database.db);
    const seedSeconds = Math.round((performance.now() - seedStart) / 100) / 10;
    console.log(`Seeded in ${seedSeconds} s: ${JSON.stringify(seeded)}`);

    build = await compileServer();
    const launcher = {
      describe: 'node <build of the current sources>/main.js',
      command: process.execPath,
      args: [path.join(build.dir, 'main.js')],
      staleBuild: false,
    };
    const env = { SEED_DEMO_DATA: 'false' };
    const a = await startServer({
      databaseUrl: database.url,
      launcher,
      env: {
        ...env,
        NODE_OPTIONS: `--import ${path.join(ROOT, 'bench/lib/memory-probe.mjs')}`,
        BENCH_MEMORY_FILE: memoryFile,
      },
    });
    servers.push(a);
    const b = await startServer({ databaseUrl: database.url, launcher, env });
    servers.push(b);
    console.log(`Servers: A ${a.baseUrl}, B ${b.baseUrl} (${launcher.describe})`);

    // c) reads with 100,000 threads, before any stream is open.
    const [reader] = await pairsOf(database.db, [`mc-${CUSTOMERS}@bench.example`]);
    if (!reader) throw new Error('no thread of the measured customer');
    const readers = await cookiesFor(database.db, [reader.customerId, reader.vendorUserId]);
    const customerCookie = readers.get(reader.customerId) as string;
    const vendorCookie = readers.get(reader.vendorUserId) as string;
    const counts = await sql<{ customer: string; vendor: string }>`SELECT
        (SELECT count(*) FROM message_threads WHERE customer_id = ${reader.customerId}) AS customer,
        (SELECT count(*) FROM message_threads t JOIN vendors v ON v.id = t.vendor_id
          WHERE v.owner_id = ${reader.vendorUserId}) AS vendor`.execute(database.db);
    const reads: ({ who: string } & Awaited<ReturnType<typeof readLatency>>)[] = [];
    for (const connections of [1, 4]) {
      for (const [who, pathName, cookie] of [
        ['customer', '/api/messages/unread-count', customerCookie],
        ['vendor', '/api/messages/unread-count', vendorCookie],
        ['customer', '/api/messages/threads', customerCookie],
        ['vendor', '/api/messages/threads', vendorCookie],
        ['nobody (floor: select 1)', '/api/health', null],
      ] as const) {
        const result = {
          who,
          ...(await readLatency(a, database.server?.port ?? null, pathName, cookie, connections)),
        };
        console.log(
          `${who} ${pathName} c=${connections}: ${result.requestsPerSecond} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, CPU ms/request ${JSON.stringify(result.cpuMsPerRequest)}`,
        );
        reads.push(result);
      }
    }
    const http = new HttpClient(b.baseUrl);
    const page1 = JSON.parse(
      (await http.send('GET', '/api/messages/threads?limit=20', { cookie: vendorCookie })).body,
    ) as { nextCursor: string | null };
    const explainer = new pg.Client({ connectionString: database.url });
    await explainer.connect();
    const asUser = (id: string, role: 'customer' | 'vendor') => ({ id, role }) as UserDto;
    const customerUser = asUser(reader.customerId, 'customer');
    const vendorUser = asUser(reader.vendorUserId, 'vendor');
    const plans = [
      await explain(
        explainer,
        'unread-count, customer',
        unreadCountQuery(database.db, customerUser)?.compile() ?? { sql: 'select 1', parameters: [] },
      ),
      await explain(
        explainer,
        'unread-count, vendor',
        unreadCountQuery(database.db, vendorUser)?.compile() ?? { sql: 'select 1', parameters: [] },
      ),
      await explain(
        explainer,
        'threads, customer, first page',
        threadsPageQuery(database.db, customerUser, { limit: MESSAGING_LIMITS.threadsPageDefault }).compile(),
      ),
      await explain(
        explainer,
        'threads, vendor, first page',
        threadsPageQuery(database.db, vendorUser, { limit: MESSAGING_LIMITS.threadsPageDefault }).compile(),
      ),
      await explain(
        explainer,
        'threads, vendor, second page of 20 (cursor)',
        threadsPageQuery(database.db, vendorUser, {
          limit: 20,
          cursor: page1.nextCursor ?? undefined,
        }).compile(),
      ),
    ];
    await explainer.end();
    for (const p of plans) {
      console.log(
        `plan ${p.name}: ${p.executionMs} ms (+${p.planningMs} planning), seq scans: ${p.seqScans.join(', ') || 'none'}`,
      );
    }

    // a) delivery across processes: streams on A, replies through B.
    const arrivals = new Arrivals();
    const pairs = await pairsOf(database.db, customerEmails(1, PAIRS));
    const pairCookies = await cookiesFor(
      database.db,
      pairs.flatMap((p) => [p.customerId, p.vendorUserId]),
    );
    const held = pairs.map((p) => holdStream(a.baseUrl, pairCookies.get(p.customerId) as string, arrivals));
    await Promise.all(held.map((h) => h.ready));
    console.log(`${held.length} streams on A; warm-up replies...`);
    await sendReplies({ http, pairs, cookies: pairCookies, arrivals, count: 20, rate: REPLY_RATE });
    console.log(`${REPLIES} replies at ${REPLY_RATE}/s through B...`);
    const meter = cpuMeter(a.serverPid, database.server?.port ?? null);
    const delivery = await sendReplies({
      http,
      pairs,
      cookies: pairCookies,
      arrivals,
      count: REPLIES,
      rate: REPLY_RATE,
    });
    const { perSecond: _perSecond, ...deliveryCpu } = meter();
    console.log(`${REPLIES} messages written straight into the database at ${REPLY_RATE}/s...`);
    const fanOut = await writeDirect({
      db: database.db,
      pairs,
      arrivals,
      count: REPLIES,
      rate: REPLY_RATE,
    });
    console.log(`live path alone: ${JSON.stringify(fanOut.fromCommitMs)}`);
    console.log(
      `delivery: ${JSON.stringify(delivery.deliveryMs)}; reply answered: ${JSON.stringify(delivery.replyAnswerMs)}`,
    );
    await Promise.all(held.map((h) => h.client.close()));
    const duplicatesA = arrivals.duplicates;

    // b) 1,000 streams of distinct users on A. First a few are opened and closed, so the code
    // paths a first stream allocates once (compiled code, pools) are in the baseline; the baseline
    // is read twice, once the heap has shrunk back after the loads above.
    const streamPairs = await pairsOf(database.db, customerEmails(PAIRS + 1, STREAMS));
    const streamCookies = await cookiesFor(
      database.db,
      streamPairs.map((p) => p.customerId),
    );
    const replyingVendors = streamPairs.slice(0, REPLIES_WHILE_OPEN);
    const vendorCookies = await cookiesFor(
      database.db,
      replyingVendors.map((p) => p.vendorUserId),
    );
    const openArrivals = new Arrivals();
    const warmUp = streamPairs
      .slice(0, 50)
      .map((p) => holdStream(a.baseUrl, streamCookies.get(p.customerId) as string, openArrivals));
    await Promise.all(warmUp.map((h) => h.ready));
    await Promise.all(warmUp.map((h) => h.client.close()));
    await sleep(3000);
    await memoryOf(a, memoryFile);
    await sleep(5000);
    const baseline = await memoryOf(a, memoryFile);
    const opened: ReturnType<typeof holdStream>[] = [];
    const openStart = performance.now();
    for (let i = 0; i < streamPairs.length; i += 50) {
      const batch = streamPairs
        .slice(i, i + 50)
        .map((p) => holdStream(a.baseUrl, streamCookies.get(p.customerId) as string, openArrivals));
      opened.push(...batch);
      await Promise.all(batch.map((h) => h.ready));
    }
    const openSeconds = Math.round((performance.now() - openStart) / 100) / 10;
    console.log(`${opened.length} streams open on A in ${openSeconds} s`);
    await sleep(3000);
    const withStreams = await memoryOf(a, memoryFile);
    const whileOpen = await sendReplies({
      http,
      pairs: replyingVendors,
      cookies: vendorCookies,
      arrivals: openArrivals,
      count: REPLIES_WHILE_OPEN,
      rate: 5,
    });
    console.log(`while ${opened.length} are open: ${JSON.stringify(whileOpen.deliveryMs)}`);
    const reconnections = opened.reduce((n, h) => n + h.client.connections - 1, 0);
    await Promise.all(opened.map((h) => h.client.close()));
    await sleep(3000);
    const afterClose = await memoryOf(a, memoryFile);
    const perStream = (key: 'rss' | 'heapUsed' | 'external') =>
      Math.round((withStreams[key] - baseline[key]) / opened.length / 102.4) / 10;
    const streams = {
      count: opened.length,
      distinctUsers: new Set(streamPairs.map((p) => p.customerId)).size,
      openSeconds,
      reconnections,
      memory: { baseline, withStreams, afterClose },
      perStreamKiB: {
        rss: perStream('rss'),
        heapUsed: perStream('heapUsed'),
        external: perStream('external'),
      },
      repliesWhileOpen: whileOpen,
    };
    console.log(`per stream: ${JSON.stringify(streams.perStreamKiB)} KiB`);

    const readP99 = (who: string, p: string, c: number) =>
      reads.find((r) => r.who === who && r.path === p && r.connections === c)?.p99 ?? Number.NaN;
    const report = {
      date: today(),
      machine: machine(await serverVersion(database.db)),
      database: database.describe,
      servers: `two processes (A holds the streams, B takes the replies): ${launcher.describe}, NODE_ENV=production, LOG_LEVEL=warn, pool of 10 each`,
      seed: {
        ...seeded,
        seconds: seedSeconds,
        perCustomer: THREADS / CUSTOMERS,
        perVendor: THREADS / VENDORS,
      },
      measuredUsers: {
        customerThreads: Number(counts.rows[0]?.customer),
        vendorThreads: Number(counts.rows[0]?.vendor),
      },
      delivery: { pairs: PAIRS, ...delivery, duplicates: duplicatesA, cpu: deliveryCpu },
      livePathAlone: fanOut,
      streams,
      reads,
      plans,
      targets: {
        deliveryP99Ms: {
          target: 100,
          measured: delivery.deliveryMs.p99,
          met: delivery.deliveryMs.p99 <= 100,
        },
        streamsHeld: { target: 1000, measured: opened.length, met: opened.length >= 1000 },
        readsP99Ms: {
          target: 15,
          measured: Object.fromEntries(
            ['customer', 'vendor'].flatMap((who) =>
              ['/api/messages/unread-count', '/api/messages/threads'].flatMap((p) =>
                [1, 4].map((c) => [`${who} ${p} c=${c}`, readP99(who, p, c)]),
              ),
            ),
          ),
          met: reads.filter((r) => r.path !== '/api/health').every((r) => r.p99 <= 15),
        },
        noSeqScans: { met: plans.every((p) => !p.seqScanOfThreadsOrMessages) },
      },
    };
    const file = `bench/results/messaging-${today()}.json`;
    await writeFile(path.join(ROOT, file), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Wrote ${file}`);
    console.log(JSON.stringify(report.targets, null, 2));
    http.close();
  } finally {
    for (const server of servers) {
      await server.stop();
      await server.saveLog();
    }
    await build?.remove();
    await database.destroy();
    await rm(probeDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
