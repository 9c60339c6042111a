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
 *
 * The server runs in its own process as in production (the build when current, else the sources
 * through tsx; BENCH_SERVER=dist|tsx forces one). Writes bench/results/load-<date>.json.
 */
import { writeFile } from 'node:fs/promises';
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

async function main() {
  const database = await openDatabase({ allowUrl: true, name: 'simchahub_bench_load' });
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    server = await startServer({ databaseUrl: database.url });
    console.log(
      `Server: ${server.launcher.describe}${server.launcher.staleBuild ? ' (the build is older than the sources)' : ''}`,
    );
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
      baseUrl: server.baseUrl,
      recorder,
      ledger,
      vendorIds: vendors,
      users,
      thinkMs: THINK,
    });
    await new Promise((resolve) => setTimeout(resolve, WARMUP_SECONDS * 1000));
    const measuredFrom = recorder.now();
    const meter = cpuMeter(server.serverPid, database.server?.port ?? null);
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
    const serverAlive = server.child.exitCode === null && server.child.signalCode === null;
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
    const serverErrors = server.logs.filter((l) => l.level === 'error' || l.level === 'fatal');
    if (serverErrors.length > 0) console.log(`${serverErrors.length} error lines in the server log`);

    await server.stop();
    const exit = await server.exited;
    await server.saveLog();
    console.log(`Server log: ${server.logFile}`);
    const report = {
      date: new Date().toISOString(),
      settings: {
        users: USERS,
        seconds: SECONDS,
        warmUpSeconds: WARMUP_SECONDS,
        thinkMs: THINK,
        server: server.launcher.describe,
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
      serverLog: logSummary(server.logs),
    };
    const file = `bench/results/load-${today()}${LABEL}.json`;
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`Wrote ${file}`);
  } finally {
    if (server) await server.stop().catch(() => {});
    await database.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
