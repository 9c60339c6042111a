/**
 * Load benchmark: simulated families (default 500) using the app for a minute (default 60 s) on
 * PostgreSQL, each one request at a time with a random think time between actions, doing the mix
 * of bench/lib/mix.ts (browsing the marketplace, planning events and tasks, availability requests
 * with their messages). Every acknowledged write is checked against the database afterwards.
 *
 *   npm run bench:load                     (a private PostgreSQL server, started and removed here)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:load   (a fresh database on that server)
 *   USERS=50 SECONDS=10 npm run bench:load (a short run)
 *   THINK_MIN_MS / THINK_MAX_MS            (think time, default 1000 to 5000 ms)
 *   WARMUP_SECONDS                         (load before the measured part, default 10 s)
 *   BENCH_LABEL=overload                   (written to load-<date>-overload.json)
 *   BENCH_SERVERS=2                        (that many server processes on the one database)
 *   BENCH_PROXY=nginx                      (through nginx on deploy/nginx/simchahub.conf, TLS and
 *                                           all, in front of the servers: needs nginx installed)
 *
 * The server runs in its own process as in production (the build when current, else the sources
 * through tsx; BENCH_SERVER=dist|tsx forces one). Writes bench/results/load-<date>.json.
 */
import { writeFile } from 'node:fs/promises';
import { type RunningNginx, startNginx } from '../src/server/test/nginx';
import {
  cpuMeter,
  createAccounts,
  logSummary,
  machine,
  openDatabase,
  serverVersion,
  startServer,
  today,
  vendorIds,
} from './lib/environment';
import { Ledger } from './lib/ledger';
import { LoadRun, OPERATIONS, SimUser } from './lib/mix';
import { Recorder, refusalsOf, table, timeline } from './lib/recorder';

const USERS = Number(process.env.USERS ?? 500);
const SECONDS = Number(process.env.SECONDS ?? 60);
const THINK: [number, number] = [
  Number(process.env.THINK_MIN_MS ?? 1000),
  Number(process.env.THINK_MAX_MS ?? 5000),
];
/** Appended to the result file's name, to keep runs of one day apart (BENCH_LABEL=overload). */
/** Seconds of the same load before the measured run: JIT, caches and connections warm up first. */
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 10);
const LABEL = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
/** Server processes sharing the database; more than one needs the proxy to spread the families. */
const SERVERS = Number(process.env.BENCH_SERVERS ?? 1);
const PROXY = process.env.BENCH_PROXY ?? '';
if (PROXY !== '' && PROXY !== 'nginx') throw new Error('BENCH_PROXY may only be nginx');
if (SERVERS > 1 && PROXY === '') throw new Error('BENCH_SERVERS above 1 needs BENCH_PROXY=nginx');
/** nginx's worker processes (BENCH_PROXY): one, as the machine has two cores for everything. */
const NGINX_WORKERS = Number(process.env.BENCH_NGINX_WORKERS ?? 1);

async function main() {
  const database = await openDatabase({ allowUrl: true, name: 'simchahub_bench_load' });
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  let proxy: RunningNginx | null = null;
  try {
    // One after the other: the first migrates and seeds the demo data, the others find it done.
    for (let i = 0; i < SERVERS; i++) {
      servers.push(
        await startServer({
          databaseUrl: database.url,
          // Behind the proxy: its one hop's X-Forwarded-For is believed, as deploy/README.md says.
          env: PROXY ? { TRUST_PROXY: '1' } : {},
        }),
      );
    }
    const server = servers[0] as (typeof servers)[0];
    console.log(
      `Server: ${SERVERS} x ${server.launcher.describe}${server.launcher.staleBuild ? ' (the build is older than the sources)' : ''}`,
    );
    if (PROXY) {
      proxy = await startNginx({
        appServers: servers.map((s) => `127.0.0.1:${s.port}`),
        workers: NGINX_WORKERS,
        workerConnections: 4096,
      });
      console.log(`Through nginx (deploy/nginx/simchahub.conf, ${NGINX_WORKERS} worker) at ${proxy.baseUrl}`);
    }
    const baseUrl = proxy ? proxy.baseUrl : server.baseUrl;
    console.log(`Database: ${database.describe}`);
    const accounts = await createAccounts(database.db, USERS, 'load');
    const vendors = await vendorIds(database.db);
    const users = accounts.map((account) => new SimUser(account));
    const recorder = new Recorder();
    const ledger = new Ledger();

    console.log(
      `${USERS} families for ${WARMUP_SECONDS} s of warm-up and ${SECONDS} s measured, thinking ${THINK[0]} to ${THINK[1]} ms between actions...`,
    );
    const run = new LoadRun({
      baseUrl,
      recorder,
      ledger,
      vendorIds: vendors,
      users,
      thinkMs: THINK,
    });
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
    const measuredFrom = recorder.now();
    const meter = cpuMeter(
      servers.map((s) => s.serverPid),
      database.server?.port ?? null,
    );
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    const measuredTo = recorder.now();
    const cpu = meter();
    await run.stop();
    const wallSeconds = (measuredTo - measuredFrom) / 1000;
    const warmUp = recorder.between(0, measuredFrom);
    const measured = recorder.between(measuredFrom, measuredTo);

    const verify = await ledger.verify(
      database.db,
      accounts.map((a) => a.id),
    );
    const summary = recorder.byKind(measured);
    const serverAlive = servers.every((s) => s.child.exitCode === null && s.child.signalCode === null);
    console.log(`\n${table(summary.kinds)}\n\n${table(summary.ops)}\n\n${table({ all: summary.all })}`);
    console.log(
      `\n${summary.all.count} requests in ${wallSeconds.toFixed(1)} s (${(summary.all.count / wallSeconds).toFixed(0)}/s); errors ${summary.all.errors}, refused ${summary.all.refused}`,
    );
    console.log(
      `lost writes: ${verify.lost} of ${verify.writesChecked} checked (${verify.rowsChecked} rows); duplicates ${verify.duplicates}; strays ${verify.strays}`,
    );
    for (const [message, latency] of Object.entries(refusalsOf(measured).byMessage)) {
      console.log(`503 "${message}": ${JSON.stringify(latency)}`);
    }
    const troubled = timeline(recorder.samples).filter((b) => b.refused + b.errors > 0);
    for (const b of troubled.slice(0, 20)) {
      const measuredSecond = Math.floor(b.second - measuredFrom / 1000);
      const load = cpu.perSecond[measuredSecond];
      console.log(`second ${b.second}: ${JSON.stringify(b)}${load ? ` cpu ${JSON.stringify(load)}` : ''}`);
    }
    for (const detail of recorder.errorDetails.slice(0, 10)) console.log('error:', JSON.stringify(detail));
    for (const detail of verify.lostDetails.slice(0, 10)) console.log('lost:', JSON.stringify(detail));
    const { perSecond: _perSecond, ...cpuTotals } = cpu;
    console.log(`CPU: ${JSON.stringify(cpuTotals)}`);
    const serverErrors = servers.flatMap((s) =>
      s.logs.filter((l) => l.level === 'error' || l.level === 'fatal'),
    );
    if (serverErrors.length > 0) console.log(`${serverErrors.length} error lines in the server log`);

    await proxy?.stop();
    proxy = null;
    for (const s of servers) await s.stop();
    const exit = await server.exited;
    for (const s of servers) {
      await s.saveLog();
      console.log(`Server log: ${s.logFile}`);
    }
    const report = {
      date: new Date().toISOString(),
      settings: {
        users: USERS,
        seconds: SECONDS,
        warmUpSeconds: WARMUP_SECONDS,
        thinkMs: THINK,
        server: server.launcher.describe,
        servers: SERVERS,
        proxy: PROXY
          ? `nginx ${NGINX_WORKERS} worker, deploy/nginx/simchahub.conf, TLS, HTTP/1.1 clients`
          : null,
        staleBuild: server.launcher.staleBuild,
        database: database.describe,
        serverEnvironment:
          'NODE_ENV=production, LOG_LEVEL=warn, DB_POOL_MAX default (10), rate limits lifted',
        mix: OPERATIONS.map((op) => ({ kind: op.kind, op: op.name, weight: op.weight })),
      },
      machine: machine(await serverVersion(database.db)),
      wallSeconds: Math.round(wallSeconds * 10) / 10,
      requestsPerSecond: Math.round(summary.all.count / wallSeconds),
      cpu,
      all: summary.all,
      kinds: summary.kinds,
      operations: summary.ops,
      refusals: refusalsOf(measured),
      warmUp: recorder.byKind(warmUp).all,
      timeline: timeline(recorder.samples),
      writes: verify,
      serverAlive,
      serverExit: { code: exit.code, signal: exit.signal },
      errors: recorder.errorDetails,
      serverLog: logSummary(servers.flatMap((s) => s.logs)),
    };
    const file = `bench/results/load-${today()}${LABEL}.json`;
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Wrote ${file}`);
  } finally {
    await proxy?.stop().catch(() => {});
    for (const s of servers) await s.stop().catch(() => {});
    await database.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
