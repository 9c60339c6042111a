/**
 * Adapter benchmark: what the app's doors (REST under /api, tRPC under /trpc) cost on top of the
 * work itself. Two requests, a signed-in events list and a computed marketplace search, each asked
 * through REST, through tRPC (a GET as the web client sends it: httpBatchLink with superjson), and
 * from a raw yardstick (bench/raw-yardstick.ts): Fastify and pg with nothing else, issuing the
 * statements the app issued for the same request and answering the same JSON bytes.
 *
 * The statements are captured from the app at the start of every run (an in-process copy of the
 * server answers the request once while every query sent to the database is recorded), so the
 * yardstick follows the app's SQL as it changes; the yardstick's answer is compared byte for byte
 * with the app's REST answer, and the tRPC answer's data with both, before anything is measured.
 *
 * Each server runs in a process of its own; autocannon (in this process) shares the machine's cores
 * with them and the database. Runs are interleaved (REST, tRPC, raw, the order rotated each round)
 * so the machine's changing load falls on all three alike. Node CPU per request is the server
 * process's user + system time over the run (/proc/<pid>/stat, what process.cpuUsage reads)
 * divided by the requests answered.
 *
 *   npm run bench:adapters
 *     BENCH_DATABASE_URL   PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
 *                          a database simchahub_adapters of its own is made there and dropped after
 *     BENCH_DATABASES      postgres,pglite (default both)
 *     BENCH_VENDORS (10000) BENCH_CONNECTIONS (20) BENCH_DURATION (15 s) BENCH_RUNS (3)
 *     BENCH_PROFILE        1 (default): also profile each door with node --cpu-prof
 *
 * Writes bench/results/adapters.json and bench/results/adapters-profiles.md.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import superjson from 'superjson';
import { buildServer } from '../src/server/app';
import { generateDemoVendors } from '../src/server/demo/demo-vendors';
import { createDeposit, createEvent, createTask, daysFromNow } from '../src/server/demo/factories';
import { MarketplaceCache } from '../src/server/domains/vendors/marketplace-cache';
import { createPgliteDb, type Db } from '../src/server/platform/db/create-db';
import { migrateToLatest } from '../src/server/platform/db/migrate';
import { loadConfig } from '../src/server/platform/env';
import { LiveHub } from '../src/server/platform/live/hub';
import { LIMITS } from '../src/shared/constants';
import { type CapturedStatement, capture, watchPg, watchPglite } from './lib/capture';
import { profileMarkdown, summarizeProfile } from './lib/cpu-profile';
import {
  type Account,
  chooseLauncher,
  createAccounts,
  freePort,
  type Launcher,
  machine,
  openDatabase,
  type RunningServer,
  serverVersion,
  startServer,
} from './lib/environment';
import { encodeParameters, type RawAnswer, type RawRoute } from './raw-yardstick';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const VENDORS = Number(process.env.BENCH_VENDORS ?? 10_000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/**
 * The embedded database serves one statement at a time on the event loop: at 20 connections the
 * app's bounded wait (2 s, then 503) refuses part of the load on this host, and the yardstick, with
 * no bound, answers in seconds. A few connections keep both doors answering everything.
 */
const PGLITE_CONNECTIONS = Number(process.env.BENCH_PGLITE_CONNECTIONS ?? 4);
let connections = CONNECTIONS;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PROFILE = (process.env.BENCH_PROFILE ?? '1') !== '0';
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
process.env.BENCH_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const EVENTS = 8;
const SEARCH = 'photo';

type Door = 'rest' | 'trpc' | 'raw';
const DOORS: Door[] = ['rest', 'trpc', 'raw'];

interface Scenario {
  name: 'events list (signed in)' | `vendor search "${string}"`;
  signedIn: boolean;
  rest: string;
  trpc: string;
  /** How the yardstick builds its answer; filled from the capture. */
  answer: (statements: CapturedStatement[], body: unknown) => RawAnswer;
}

/** A GET as the web client's httpBatchLink sends one query: batch=1, the input through superjson. */
function trpcUrl(procedure: string, input: unknown): string {
  return `/trpc/${procedure}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: superjson.serialize(input) }))}`;
}

const indexOf = (statements: CapturedStatement[], pattern: RegExp, what: string) => {
  const i = statements.findIndex((s) => pattern.test(s.sql));
  if (i < 0) throw new Error(`No statement of the capture ${what}`);
  return i;
};

const scenarios: Scenario[] = [
  {
    name: 'events list (signed in)',
    signedIn: true,
    rest: '/api/events',
    trpc: trpcUrl('events.list', undefined),
    answer: (statements, body) => ({
      kind: 'rows',
      statement: indexOf(statements, /from "events"/, 'reads the events'),
      keys: Object.keys((body as Record<string, unknown>[])[0] ?? {}),
    }),
  },
  {
    name: `vendor search "${SEARCH}"`,
    signedIn: false,
    rest: `/api/vendors?search=${SEARCH}`,
    trpc: trpcUrl('vendors.list', { search: SEARCH }),
    answer: (statements, body) => {
      const page = body as { items: Record<string, unknown>[] };
      return {
        kind: 'page',
        items: indexOf(statements, /from total t left join/, 'reads the page'),
        itemKeys: Object.keys(page.items[0] ?? {}),
        // What a visitor learns of a vendor's contacts: whether there are any (vendorForViewer); the
        // statement names its columns as the server does (decision 020).
        flags: {
          hasPhone: ['contactPhone', 'contactWhatsapp'],
          hasEmail: ['contactEmail'],
          hasWebsite: ['website'],
        },
        pageSize: LIMITS.marketplacePageSize,
        cap: LIMITS.marketplaceTotalCap,
      };
    },
  },
];

/** Vendors, one family with events, each with tasks and deposits: what both requests read. */
async function seed(db: Db): Promise<Account> {
  await migrateToLatest(db);
  const rows = generateDemoVendors(VENDORS, 1000);
  for (let i = 0; i < rows.length; i += 1000)
    await db
      .insertInto('vendors')
      .values(rows.slice(i, i + 1000))
      .execute();
  const [account] = await createAccounts(db, 1, 'adapters');
  if (!account) throw new Error('no account');
  for (let i = 0; i < EVENTS; i++) {
    const event = await createEvent(db, account.id, {
      title: `Simcha ${i + 1}`,
      type: i % 2 ? 'Bar Mitzvah' : 'Wedding',
      date: daysFromNow(30 + i * 20),
      venue: 'Congregation Beth Shalom',
    });
    for (let t = 0; t < 4; t++)
      await createTask(db, event.id, { title: `Task ${t + 1}`, completed: t % 2 === 0 });
    for (let d = 0; d < 2; d++) await createDeposit(db, event.id, { paid: d === 0 });
  }
  await sql`ANALYZE`.execute(db);
  return account;
}

interface Plan {
  routes: RawRoute[];
  /** The app's REST answer of each scenario, as captured. */
  bodies: string[];
  statements: { sql: string; parameters: string }[][];
}

/**
 * Each scenario answered once by a copy of the app in this process (after a first request, so a
 * session's first-use renewal is not what is captured), with every statement recorded.
 */
async function capturePlan(db: Db, account: Account, databaseUrl: string | undefined): Promise<Plan> {
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      APP_URL: 'http://127.0.0.1:3000',
      DATA_DIR: os.tmpdir(),
      MARKETPLACE_CACHE: 'off',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    logLevel: 'silent' as const,
    secureCookies: false,
  };
  const app = await buildServer({
    db,
    config,
    marketplace: new MarketplaceCache({ enabled: false }),
    now: () => new Date(),
    live: new LiveHub({ listening: false, start: async () => {}, stop: async () => {} }),
  });
  const plan: Plan = { routes: [], bodies: [], statements: [] };
  try {
    for (const scenario of scenarios) {
      const ask = () =>
        app.inject({
          method: 'GET',
          url: scenario.rest,
          headers: scenario.signedIn ? { cookie: account.cookie } : {},
        });
      await ask();
      const { result, statements } = await capture(ask);
      if (result.statusCode !== 200)
        throw new Error(`${scenario.rest}: HTTP ${result.statusCode} ${result.body}`);
      const body = JSON.parse(result.body) as unknown;
      plan.routes.push({
        url: scenario.rest.split('?')[0] as string,
        statements: statements.map((s) => ({ sql: s.sql, parameters: encodeParameters(s.parameters) })),
        answer: scenario.answer(statements, body),
      });
      plan.bodies.push(result.body);
      plan.statements.push(
        statements.map((s) => ({
          sql: s.sql.replace(/\s+/g, ' ').trim().slice(0, 160),
          parameters: JSON.stringify(s.parameters).slice(0, 120),
        })),
      );
    }
  } finally {
    await app.close();
  }
  return plan;
}

interface Servers {
  rest: { baseUrl: string; pid: number };
  trpc: { baseUrl: string; pid: number };
  raw: { baseUrl: string; pid: number };
  stop(): Promise<void>;
}

async function startRaw(
  planFile: string,
  database: { url?: string; pgliteDir?: string },
  nodeArgs: string[] = [],
) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'bench/raw-yardstick.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        RAW_PLAN: planFile,
        PORT: String(port),
        ...(database.url ? { DATABASE_URL: database.url } : { PGLITE_DIR: database.pgliteDir ?? '' }),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok)
        return {
          baseUrl,
          pid: child.pid ?? 0,
          stop: async () => {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            await exited;
          },
        };
    } catch {
      // not yet
    }
  }
  child.kill('SIGKILL');
  throw new Error('The raw yardstick did not start');
}

function appEnv(): Record<string, string> {
  return { MARKETPLACE_CACHE: 'off', SEED_DEMO_DATA: 'false', LOG_LEVEL: 'warn' };
}

/** utime + stime of a process, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Measurement {
  requestsPerSecond: number;
  requests: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  errors: number;
  cpuMsPerRequest: number;
  loadAverage: number;
}

async function measure(
  url: string,
  pid: number,
  cookie: string | undefined,
  duration: number,
): Promise<Measurement> {
  const loadAverage = os.loadavg()[0] ?? 0;
  const before = cpuMs(pid);
  const run = await autocannon({
    url,
    connections,
    duration,
    headers: cookie ? { cookie } : {},
  });
  const used = cpuMs(pid) - before;
  // Answers that count: 2xx. Refusals (a 503 from a full queue) are counted as errors instead.
  const requests = run['2xx'];
  return {
    requestsPerSecond: Math.round((requests / (run.duration || duration)) * 10) / 10,
    requests,
    latencyMs: { p50: run.latency.p50, p90: run.latency.p90, p99: run.latency.p99, max: run.latency.max },
    errors: run.errors + run.non2xx + run.timeouts,
    cpuMsPerRequest: requests > 0 ? Math.round((used / requests) * 1000) / 1000 : 0,
    loadAverage,
  };
}

/** The answers compared before measuring: raw and REST byte for byte, tRPC's data with both. */
async function checkAnswers(servers: Servers, plan: Plan, account: Account): Promise<void> {
  for (const [i, scenario] of scenarios.entries()) {
    const headers: Record<string, string> = scenario.signedIn ? { cookie: account.cookie } : {};
    const rest = await (await fetch(servers.rest.baseUrl + scenario.rest, { headers })).text();
    const raw = await (await fetch(servers.raw.baseUrl + scenario.rest, { headers })).text();
    const trpcRes = await fetch(servers.trpc.baseUrl + scenario.trpc, { headers });
    const trpc = (await trpcRes.json()) as {
      result: { data: Parameters<typeof superjson.deserialize>[0] };
    }[];
    if (rest !== raw) {
      await writeFile('/tmp/adapters-rest.json', rest);
      await writeFile('/tmp/adapters-raw.json', raw);
      throw new Error(
        `${scenario.name}: the yardstick's answer differs from REST (/tmp/adapters-{rest,raw}.json)`,
      );
    }
    if (rest !== plan.bodies[i])
      throw new Error(`${scenario.name}: the served answer differs from the captured one`);
    const data = trpc[0]?.result.data;
    if (!data || JSON.stringify(superjson.deserialize(data)) !== rest)
      throw new Error(
        `${scenario.name}: tRPC's answer differs from REST: ${JSON.stringify(trpc).slice(0, 300)}`,
      );
    console.log(`  ${scenario.name}: answers equal (${rest.length} bytes)`);
  }
}

interface DatabaseResult {
  database: string;
  describe: string;
  serverVersion?: string;
  launcher: string;
  statements: Plan['statements'];
  runs: { round: number; scenario: string; door: Door; order: number; result: Measurement }[];
  summary: {
    scenario: string;
    median: Record<Door, Measurement>;
    restOverRaw: number;
    trpcOverRaw: number;
    targets: {
      rest: { target: number; met: boolean; by: number };
      trpc: { target: number; met: boolean; by: number };
    };
  }[];
  profiles?: string;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2
    ? (s[(s.length - 1) / 2] as number)
    : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

async function runAll(servers: Servers, account: Account): Promise<DatabaseResult['runs']> {
  const runs: DatabaseResult['runs'] = [];
  // Warm every process (JIT, connections).
  for (const scenario of scenarios)
    for (const door of DOORS) {
      const target = servers[door];
      const url = target.baseUrl + (door === 'trpc' ? scenario.trpc : scenario.rest);
      await measure(url, target.pid, scenario.signedIn ? account.cookie : undefined, 3);
    }
  for (let round = 0; round < RUNS; round++) {
    for (const scenario of scenarios) {
      const order = DOORS.map((_, i) => DOORS[(i + round) % DOORS.length] as Door);
      for (const [position, door] of order.entries()) {
        const target = servers[door];
        const url = target.baseUrl + (door === 'trpc' ? scenario.trpc : scenario.rest);
        const result = await measure(
          url,
          target.pid,
          scenario.signedIn ? account.cookie : undefined,
          DURATION_S,
        );
        runs.push({ round, scenario: scenario.name, door, order: position, result });
        console.log(
          `  round ${round + 1} ${scenario.name.padEnd(26)} ${door.padEnd(4)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${String(result.latencyMs.p50).padStart(3)} ms  p99 ${String(result.latencyMs.p99).padStart(4)} ms  cpu ${result.cpuMsPerRequest.toFixed(3)} ms/req  load ${result.loadAverage.toFixed(2)}${result.errors ? `  ERRORS ${result.errors}` : ''}`,
        );
      }
    }
  }
  return runs;
}

function summarize(runs: DatabaseResult['runs']): DatabaseResult['summary'] {
  return scenarios.map((scenario) => {
    const med = {} as Record<Door, Measurement>;
    for (const door of DOORS) {
      const mine = runs.filter((r) => r.scenario === scenario.name && r.door === door).map((r) => r.result);
      med[door] = {
        requestsPerSecond: median(mine.map((m) => m.requestsPerSecond)),
        requests: median(mine.map((m) => m.requests)),
        latencyMs: {
          p50: median(mine.map((m) => m.latencyMs.p50)),
          p90: median(mine.map((m) => m.latencyMs.p90)),
          p99: median(mine.map((m) => m.latencyMs.p99)),
          max: median(mine.map((m) => m.latencyMs.max)),
        },
        errors: mine.reduce((sum, m) => sum + m.errors, 0),
        cpuMsPerRequest: median(mine.map((m) => m.cpuMsPerRequest)),
        loadAverage: median(mine.map((m) => m.loadAverage)),
      };
    }
    // Ratios per round (the three doors measured back to back), then their median.
    const ratio = (door: Door) => {
      const perRound = [];
      for (let round = 0; round < RUNS; round++) {
        const of = (d: Door) =>
          runs.find((r) => r.round === round && r.scenario === scenario.name && r.door === d)?.result
            .requestsPerSecond ?? Number.NaN;
        perRound.push(of(door) / of('raw'));
      }
      return Math.round(median(perRound) * 1000) / 1000;
    };
    const restOverRaw = ratio('rest');
    const trpcOverRaw = ratio('trpc');
    const target = (value: number, goal: number) => ({
      target: goal,
      met: value >= goal,
      by: Math.round((value - goal) * 1000) / 1000,
    });
    return {
      scenario: scenario.name,
      median: med,
      restOverRaw,
      trpcOverRaw,
      targets: { rest: target(restOverRaw, 0.85), trpc: target(trpcOverRaw, 0.75) },
    };
  });
}

/** Each door profiled on its own (node --cpu-prof), each scenario for DURATION_S at the same load. */
async function profileDoors(
  database: string,
  launcher: Launcher,
  startApp: (launcher: Launcher) => Promise<RunningServer>,
  startYardstick: (nodeArgs: string[]) => Promise<{ baseUrl: string; pid: number; stop(): Promise<void> }>,
  account: Account,
): Promise<string> {
  const sections: string[] = [];
  for (const door of DOORS) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'adapters-prof-'));
    for (const scenario of scenarios) {
      const profArgs = ['--cpu-prof', '--cpu-prof-dir', dir];
      const server =
        door === 'raw'
          ? await startYardstick(profArgs)
          : await (async () => {
              const s = await startApp({ ...launcher, args: [...profArgs, ...launcher.args] });
              return { baseUrl: s.baseUrl, pid: s.serverPid, stop: s.stop };
            })();
      const url = server.baseUrl + (door === 'trpc' ? scenario.trpc : scenario.rest);
      const cookie = scenario.signedIn ? account.cookie : undefined;
      await measure(url, server.pid, cookie, 3);
      const fromUs = Number(process.hrtime.bigint() / 1000n);
      const result = await measure(url, server.pid, cookie, DURATION_S);
      const toUs = Number(process.hrtime.bigint() / 1000n);
      await server.stop();
      // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: the main thread's (0), not a loader worker's.
      const file = (await readdir(dir)).find((f) => f.endsWith('.cpuprofile') && f.split('.')[4] === '0');
      if (!file) throw new Error(`no profile written for ${door} ${scenario.name}`);
      const summary = summarizeProfile(path.join(dir, file), 20, { fromUs, toUs });
      sections.push(profileMarkdown(`${database}: ${scenario.name}, ${door}`, summary, result.requests, 14));
      for (const f of await readdir(dir)) await rm(path.join(dir, f));
      console.log(
        `  profiled ${door} ${scenario.name}: ${summary.packages
          .slice(0, 4)
          .map((p) => `${p.name} ${p.share}%`)
          .join(', ')}`,
      );
    }
    await rm(dir, { recursive: true, force: true });
  }
  return sections.join('\n');
}

async function onPostgres(launcher: Launcher): Promise<DatabaseResult> {
  const bench = await openDatabase({ allowUrl: true, name: 'simchahub_adapters' });
  const started: { stop(): Promise<void> }[] = [];
  try {
    const account = await seed(bench.db);
    const plan = await capturePlan(bench.db, account, bench.url);
    const planFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'adapters-plan-')), 'plan.json');
    await writeFile(planFile, JSON.stringify(plan.routes));
    const startApp = (l: Launcher) => startServer({ databaseUrl: bench.url, env: appEnv(), launcher: l });
    const startYardstick = (nodeArgs: string[]) => startRaw(planFile, { url: bench.url }, nodeArgs);
    const app = await startApp(launcher);
    started.push(app);
    const raw = await startYardstick([]);
    started.push(raw);
    const servers: Servers = {
      rest: { baseUrl: app.baseUrl, pid: app.serverPid },
      trpc: { baseUrl: app.baseUrl, pid: app.serverPid },
      raw: { baseUrl: raw.baseUrl, pid: raw.pid },
      stop: async () => {},
    };
    await checkAnswers(servers, plan, account);
    const runs = await runAll(servers, account);
    await app.stop();
    await raw.stop();
    const profiles = PROFILE
      ? await profileDoors('PostgreSQL', launcher, startApp, startYardstick, account)
      : undefined;
    return {
      database: 'postgres',
      describe: bench.describe,
      serverVersion: await serverVersion(bench.db),
      launcher: launcher.describe,
      statements: plan.statements,
      runs,
      summary: summarize(runs),
      ...(profiles ? { profiles } : {}),
    };
  } finally {
    for (const s of started) await s.stop().catch(() => {});
    await bench.destroy();
  }
}

/**
 * The embedded database: seeded once in a directory, then copied so the app and the yardstick each
 * open their own (PGlite serves one process), with the same rows.
 */
async function onPglite(launcher: Launcher): Promise<DatabaseResult> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'adapters-pglite-'));
  const seedDir = path.join(base, 'seed');
  const handle = await createPgliteDb(seedDir);
  if (!handle.pglite) throw new Error('no PGlite');
  watchPglite(handle.pglite);
  const account = await seed(handle.db);
  const plan = await capturePlan(handle.db, account, undefined);
  await handle.db.destroy();
  const appDir = path.join(base, 'app');
  const rawDir = path.join(base, 'raw');
  await cp(seedDir, appDir, { recursive: true });
  await cp(path.join(seedDir, 'pgdata'), rawDir, { recursive: true });
  const planFile = path.join(base, 'plan.json');
  await writeFile(planFile, JSON.stringify(plan.routes));
  const started: { stop(): Promise<void> }[] = [];
  try {
    const app = await startServer({ databaseUrl: '', env: { ...appEnv(), DATA_DIR: appDir }, launcher });
    started.push(app);
    const raw = await startRaw(planFile, { pgliteDir: rawDir });
    started.push(raw);
    const servers: Servers = {
      rest: { baseUrl: app.baseUrl, pid: app.serverPid },
      trpc: { baseUrl: app.baseUrl, pid: app.serverPid },
      raw: { baseUrl: raw.baseUrl, pid: raw.pid },
      stop: async () => {},
    };
    await checkAnswers(servers, plan, account);
    const runs = await runAll(servers, account);
    return {
      database: 'pglite',
      describe: 'embedded PGlite, a copy of one seeded directory for each server',
      launcher: launcher.describe,
      statements: plan.statements,
      runs,
      summary: summarize(runs),
    };
  } finally {
    for (const s of started) await s.stop().catch(() => {});
    await rm(base, { recursive: true, force: true });
  }
}

function table(result: DatabaseResult): string {
  const lines = [
    `${result.database}: ${result.describe}`,
    'request                      door   req/s   p50  p99  CPU ms/req   ÷raw',
  ];
  for (const s of result.summary) {
    for (const door of DOORS) {
      const m = s.median[door];
      const ratio = door === 'raw' ? '' : (door === 'rest' ? s.restOverRaw : s.trpcOverRaw).toFixed(3);
      lines.push(
        `${s.scenario.padEnd(28)} ${door.padEnd(5)} ${m.requestsPerSecond.toFixed(0).padStart(6)} ${String(m.latencyMs.p50).padStart(5)} ${String(m.latencyMs.p99).padStart(4)} ${m.cpuMsPerRequest.toFixed(3).padStart(10)}  ${ratio}`,
      );
    }
  }
  return lines.join('\n');
}

async function main() {
  // Before any connection exists, so every pg client's statements can be recorded.
  watchPg();
  // The built server when it is newer than every source, the sources through tsx otherwise.
  const effective = chooseLauncher();
  const loadBefore = readFileSync('/proc/loadavg', 'utf8').trim();
  const results: DatabaseResult[] = [];
  for (const database of DATABASES) {
    console.log(`${database}:`);
    connections = database === 'pglite' ? PGLITE_CONNECTIONS : CONNECTIONS;
    results.push(database === 'postgres' ? await onPostgres(effective) : await onPglite(effective));
  }
  const loadAfter = readFileSync('/proc/loadavg', 'utf8').trim();
  const report = {
    date: new Date().toISOString(),
    vendors: VENDORS,
    events: EVENTS,
    connections: { postgres: CONNECTIONS, pglite: PGLITE_CONNECTIONS },
    durationSeconds: DURATION_S,
    rounds: RUNS,
    loadavg: { before: loadBefore, after: loadAfter },
    machine: machine(results.find((r) => r.serverVersion)?.serverVersion),
    results: results.map(({ profiles: _p, ...r }) => r),
  };
  await writeFile(path.join(ROOT, 'bench/results/adapters.json'), `${JSON.stringify(report, null, 2)}\n`);
  const profiles = results.filter((r) => r.profiles).map((r) => r.profiles);
  if (profiles.length > 0)
    await writeFile(
      path.join(ROOT, 'bench/results/adapters-profiles.md'),
      `# Adapter benchmark: CPU profiles\n\nSelf time of the server process (node --cpu-prof), ${CONNECTIONS} connections for ${DURATION_S} s per request and door, ${report.date.slice(0, 10)}; written by \`npm run bench:adapters\`.\n\n${profiles.join('\n')}`,
    );
  for (const r of results) console.log(`\n${table(r)}`);
  console.log(`\nload average before: ${loadBefore}; after: ${loadAfter}`);
  console.log('Wrote bench/results/adapters.json');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
