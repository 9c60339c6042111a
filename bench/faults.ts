/**
 * Fault runs: the load of bench/load.ts at a smaller scale (default 100 families) while production's
 * ordinary faults happen, each reported in figures:
 *
 *   a) PostgreSQL restarted under load, three times about 10 s apart (pg_ctl restart -m fast);
 *   b) the events table locked (ACCESS EXCLUSIVE, from another connection) for 30 s;
 *   c) SIGTERM to the server under load (the server process itself, then `npm run serve` when a
 *      build exists).
 *
 * Every acknowledged write is checked against the database after each run (writes answered 503 or
 * not answered at all are not acknowledged). Needs the PostgreSQL server binaries: the database is a
 * private server started here, since it is restarted and locked.
 *
 *   npm run bench:faults                  USERS=100, THINK_MIN_MS=200, THINK_MAX_MS=1000
 *   FAULTS=restart,lock,sigterm           (which runs; all by default)
 *
 * Writes bench/results/faults-<date>.json.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import {
  type Account,
  type BenchDatabase,
  createAccounts,
  listenerPid,
  logSummary,
  machine,
  openDatabase,
  portAccepts,
  processAlive,
  type RunningServer,
  serverVersion,
  startServer,
  today,
  vendorIds,
} from './lib/environment';
import { HttpClient } from './lib/http';
import { Ledger } from './lib/ledger';
import { HealthProbe, LoadRun, SimUser } from './lib/mix';
import { latencyOf, Recorder, refusalsOf, type Sample, statusCounts, table } from './lib/recorder';

const USERS = Number(process.env.USERS ?? 100);
const THINK: [number, number] = [
  Number(process.env.THINK_MIN_MS ?? 200),
  Number(process.env.THINK_MAX_MS ?? 1000),
];
const FAULTS = (process.env.FAULTS ?? 'restart,lock,sigterm').split(',').map((f) => f.trim());
const LOCK_SECONDS = Number(process.env.LOCK_SECONDS ?? 30);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);

interface Setup {
  database: BenchDatabase;
  accounts: Account[];
  users: SimUser[];
  vendors: string[];
  ledger: Ledger;
}

/** Load and a health probe against `server`, on a clock of their own. */
function startLoad(setup: Setup, server: RunningServer, probeEveryMs: number) {
  const recorder = new Recorder();
  const healthClient = new HttpClient(server.baseUrl, { maxSockets: 1 });
  // A create left unanswered by an earlier run is sent again first, at once.
  for (const user of setup.users) if (user.pending) user.pending.notBefore = 0;
  const run = new LoadRun({
    baseUrl: server.baseUrl,
    recorder,
    ledger: setup.ledger,
    vendorIds: setup.vendors,
    users: setup.users,
    thinkMs: THINK,
  });
  const probe = new HealthProbe(healthClient, recorder, probeEveryMs);
  return {
    recorder,
    probe,
    stop: async () => {
      await run.stop();
      await probe.stop();
      healthClient.close();
    },
  };
}

/**
 * The lost-write check after a run (counts are of the whole session so far: every run adds to one
 * ledger), with the writes this run answered as failed that the database holds anyway.
 */
async function verify(setup: Setup, committedBefore: number) {
  const report = await setup.ledger.verify(
    setup.database.db,
    setup.accounts.map((a) => a.id),
  );
  const appliedThisRun = report.unanswered.committedDetails.slice(committedBefore);
  const byStatus = statusCounts(appliedThisRun.map((c) => ({ status: c.attempt.status })));
  console.log(
    `  lost writes: ${report.lost} of ${report.writesChecked} checked; duplicates ${report.duplicates}; unanswered so far: ${report.unanswered.creates} creates, ${report.unanswered.updates} updates; applied although unanswered, this run: ${appliedThisRun.length} ${JSON.stringify(byStatus)}`,
  );
  for (const detail of report.lostDetails.slice(0, 5)) console.log('  lost:', JSON.stringify(detail));
  for (const detail of appliedThisRun.slice(0, 5))
    console.log('  applied although unanswered:', JSON.stringify(detail));
  const { committedDetails: _all, ...unanswered } = report.unanswered;
  return {
    ...report,
    unanswered: {
      ...unanswered,
      appliedThisRun: appliedThisRun.length,
      appliedThisRunByStatus: byStatus,
      appliedThisRunDetails: appliedThisRun.slice(0, 20),
    },
  };
}

/** Errors (not refusals) of a window, with their first few in full. */
function errorsOf(samples: readonly Sample[]) {
  const errors = samples.filter((s) => s.outcome === 'error');
  return {
    count: errors.length,
    statuses: statusCounts(errors),
    first: errors
      .slice(0, 5)
      .map(({ op, method, path, status, reason, note }) => ({ op, method, path, status, reason, note })),
  };
}

async function restartScenario(setup: Setup, server: RunningServer) {
  const committedBefore = setup.ledger.committedUnanswered.length;
  const postgres = setup.database.server;
  if (!postgres) throw new Error('The restart run needs the private PostgreSQL server');
  console.log(`\na) PostgreSQL restarted under load (${USERS} families), three times`);
  const load = startLoad(setup, server, 100);
  const { recorder, probe } = load;
  await sleep(5000);
  const restarts: Record<string, unknown>[] = [];
  const windows: [number, number][] = [];
  for (let i = 0; i < 3; i++) {
    const begin = recorder.now();
    await postgres.restart('fast');
    const databaseBack = recorder.now();
    let ok = probe.firstOkAfter(databaseBack);
    while (!ok && recorder.now() - begin < 120_000) {
      await sleep(50);
      ok = probe.firstOkAfter(databaseBack);
    }
    const healthyAt = ok ? ok.start + ok.ms : null;
    const until = healthyAt ?? recorder.now();
    const during = recorder.between(begin, until);
    const health = probe.between(begin, until);
    const entry = {
      restart: i + 1,
      pgCtlRestartSeconds: seconds(databaseBack - begin),
      healthOkSecondsAfterRestartBegan: seconds(healthyAt === null ? null : healthyAt - begin),
      healthOkSecondsAfterDatabaseBack: seconds(healthyAt === null ? null : healthyAt - databaseBack),
      requestsDuringFault: during.length,
      statusesDuringFault: statusCounts(during),
      healthDuringFault: statusCounts(health),
      errorsDuringFault: errorsOf(during),
      serverAlive: server.child.exitCode === null && server.child.signalCode === null,
    };
    restarts.push(entry);
    windows.push([begin, until]);
    console.log(
      `  restart ${i + 1}: pg_ctl ${entry.pgCtlRestartSeconds} s; health 200 again ${entry.healthOkSecondsAfterRestartBegan} s after it began (${entry.healthOkSecondsAfterDatabaseBack} s after the database was back); statuses ${JSON.stringify(entry.statusesDuringFault)}; process alive: ${entry.serverAlive}`,
    );
    await sleep(10_000);
  }
  await load.stop();
  const end = recorder.now();
  // After each recovery until the next restart (or the end): everything should be back to normal.
  const afterRecovery = windows.flatMap(([, recovered], i) =>
    recorder.between(recovered, windows[i + 1]?.[0] ?? end),
  );
  // Refusals after health said 200 again: how long after it the last one was sent, and what it said.
  // Answered before the next restart began: a request still running when it began belongs to it.
  const lateRefusals = windows.flatMap(([, recovered], i) =>
    recorder
      .between(recovered, windows[i + 1]?.[0] ?? end)
      .filter((s) => s.status === 503 && s.start + s.ms < (windows[i + 1]?.[0] ?? end))
      .map((s) => ({
        restart: i + 1,
        msAfterHealthOk: Math.round(s.start - recovered),
        ms: Math.round(s.ms),
        op: s.op,
        reason: s.reason,
      })),
  );
  const alive = server.child.exitCode === null && server.child.signalCode === null;
  const finalHealth = alive
    ? await fetch(`${server.baseUrl}/api/health`).then(
        (r) => r.status,
        () => null,
      )
    : null;
  console.log(`  server process survived: ${alive}; health at the end: ${finalHealth}`);
  const summary = recorder.byKind();
  console.log(table(summary.kinds));
  return {
    restarts,
    serverSurvived: alive,
    finalHealth,
    afterRecovery: {
      requests: afterRecovery.length,
      statuses: statusCounts(afterRecovery),
      errors: errorsOf(afterRecovery),
      refusals: lateRefusals.slice(0, 20),
    },
    whole: summary,
    errors: errorsOf(recorder.samples),
    writes: await verify(setup, committedBefore),
  };
}

async function lockScenario(setup: Setup, server: RunningServer) {
  const committedBefore = setup.ledger.committedUnanswered.length;
  console.log(`\nb) The events table locked for ${LOCK_SECONDS} s under load (${USERS} families)`);
  const load = startLoad(setup, server, 250);
  const { recorder, probe } = load;
  await sleep(5000);
  const locker = new pg.Client({ connectionString: setup.database.url, application_name: 'bench-locker' });
  locker.on('error', () => {});
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
  const lockedAt = recorder.now();
  await sleep(LOCK_SECONDS * 1000);
  await locker.query('COMMIT');
  const unlockedAt = recorder.now();
  await locker.end();
  await sleep(15_000);
  await load.stop();

  const during = recorder.between(lockedAt, unlockedAt);
  const health = probe.between(lockedAt, unlockedAt);
  const healthTimes = health.map((h) => h.ms);
  const firstHealth = probe.firstOkAfter(unlockedAt);
  const firstEventsOk = recorder.samples.find(
    (s) => s.start >= unlockedAt && s.kind === 'events' && s.outcome === 'ok',
  );
  const settled = recorder.between(unlockedAt + 5000, recorder.now());
  const result = {
    lockSeconds: LOCK_SECONDS,
    duringLock: {
      requests: during.length,
      statuses: statusCounts(during),
      byKind: recorder.byKind(during).kinds,
      refusals: refusalsOf(during),
      errors: errorsOf(during),
    },
    healthDuringLock: {
      probes: health.length,
      statuses: statusCounts(health),
      latency: latencyOf(healthTimes),
      over2s: healthTimes.filter((ms) => ms >= 2000).length,
      answers: [...new Set(health.map((h) => `${h.status} ${h.body}`))].slice(0, 5),
    },
    recovery: {
      healthOkSecondsAfterUnlock: seconds(
        firstHealth ? firstHealth.start + firstHealth.ms - unlockedAt : null,
      ),
      firstEventsOkSecondsAfterUnlock: seconds(
        firstEventsOk ? firstEventsOk.start + firstEventsOk.ms - unlockedAt : null,
      ),
      fromFiveSecondsAfterUnlock: {
        requests: settled.length,
        statuses: statusCounts(settled),
        errors: errorsOf(settled),
      },
    },
    serverSurvived: server.child.exitCode === null && server.child.signalCode === null,
    whole: recorder.byKind(),
    writes: await verify(setup, committedBefore),
  };
  console.log(`  during the lock: ${JSON.stringify(result.duringLock.statuses)}`);
  console.log(table(result.duringLock.byKind));
  console.log(`  503 latency: ${JSON.stringify(result.duringLock.refusals.all)}`);
  for (const [message, latency] of Object.entries(result.duringLock.refusals.byMessage)) {
    console.log(`    "${message}": ${JSON.stringify(latency)}`);
  }
  console.log(
    `  health during the lock: ${JSON.stringify(result.healthDuringLock.statuses)}, ${JSON.stringify(result.healthDuringLock.latency)}, ${result.healthDuringLock.over2s} over 2 s`,
  );
  console.log(
    `  after unlock: health 200 in ${result.recovery.healthOkSecondsAfterUnlock} s, first events answer in ${result.recovery.firstEventsOkSecondsAfterUnlock} s; from 5 s on: ${JSON.stringify(result.recovery.fromFiveSecondsAfterUnlock.statuses)}`,
  );
  return result;
}

/**
 * SIGTERM under load. With `holdMs`, the events table is locked from just before the signal until
 * holdMs after it, so requests are still running when the drain begins (otherwise the few
 * milliseconds each takes leave hardly any in flight).
 */
async function sigtermScenario(setup: Setup, server: RunningServer, holdMs = 0) {
  const committedBefore = setup.ledger.committedUnanswered.length;
  const held = holdMs > 0 ? `, with requests held by a ${holdMs / 1000}-s lock on events` : '';
  console.log(`\nc) SIGTERM to ${server.launcher.describe} under load (${USERS} families${held})`);
  const load = startLoad(setup, server, 250);
  const { recorder } = load;
  await sleep(5000);
  let locker: pg.Client | null = null;
  if (holdMs > 0) {
    locker = new pg.Client({ connectionString: setup.database.url, application_name: 'bench-locker' });
    locker.on('error', () => {});
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
    await sleep(500);
  }
  const signalledAt = recorder.now();
  const signalledWall = performance.now();
  server.child.kill('SIGTERM');
  if (locker) {
    await sleep(holdMs);
    await locker.query('COMMIT');
    await locker.end();
  }
  const exit = await Promise.race([server.exited, sleep(60_000).then(() => null)]);
  const exitedAt = recorder.now();
  // What clients get once the process is gone.
  await sleep(3000);
  await load.stop();

  const inFlight = recorder.samples.filter((s) => s.start < signalledAt && s.start + s.ms > signalledAt);
  const after = recorder.samples.filter((s) => s.start >= signalledAt);
  const afterExit = after.filter((s) => s.start >= exitedAt);
  const beforeExit = after.filter((s) => s.start < exitedAt);
  const portOpen = await portAccepts(server.port);
  const listener = listenerPid(server.port);
  const serverProcessAlive = processAlive(server.serverPid);
  const result = {
    launcher: server.launcher.describe,
    staleBuild: server.launcher.staleBuild,
    heldByLockMs: holdMs,
    exit: exit
      ? { code: exit.code, signal: exit.signal, msAfterSignal: Math.round(exit.at - signalledWall) }
      : null,
    inFlightAtSignal: {
      count: inFlight.length,
      completed: inFlight.filter((s) => typeof s.status === 'number').length,
      cut: inFlight.filter((s) => typeof s.status !== 'number').length,
      statuses: statusCounts(inFlight),
    },
    newRequestsWhileDraining: {
      count: beforeExit.length,
      statuses: statusCounts(beforeExit),
      inAppFormat: beforeExit.filter((s) => s.outcome === 'refused').length,
      reasons: [...new Set(beforeExit.map((s) => s.reason).filter(Boolean))],
    },
    newRequestsAfterExit: { count: afterExit.length, statuses: statusCounts(afterExit) },
    afterExit: {
      portAcceptsConnections: portOpen,
      listenerPid: listener,
      serverProcessAlive,
    },
    writes: await verify(setup, committedBefore),
    serverLog: logSummary(
      server.logs.filter((l) => l.t >= 0),
      15,
    ),
  };
  console.log(
    `  exit ${JSON.stringify(result.exit)}; in flight at the signal: ${JSON.stringify(result.inFlightAtSignal)}`,
  );
  console.log(
    `  new requests while draining: ${JSON.stringify(result.newRequestsWhileDraining.statuses)}; after exit: ${JSON.stringify(result.newRequestsAfterExit.statuses)}`,
  );
  console.log(
    `  after exit: port accepts connections: ${portOpen}; listener pid: ${listener}; server process alive: ${serverProcessAlive}`,
  );
  return result;
}

async function main() {
  const database = await openDatabase({ allowUrl: false, name: 'simchahub_bench_faults' });
  const servers: RunningServer[] = [];
  try {
    const server = await startServer({ databaseUrl: database.url });
    servers.push(server);
    console.log(`Server: ${server.launcher.describe}; database: ${database.describe}`);
    const accounts = await createAccounts(database.db, USERS, 'faults');
    const setup: Setup = {
      database,
      accounts,
      users: accounts.map((a) => new SimUser(a)),
      vendors: await vendorIds(database.db),
      ledger: new Ledger(),
    };
    const version = await serverVersion(database.db);
    const results: Record<string, unknown> = {};
    if (FAULTS.includes('restart')) results.restart = await restartScenario(setup, server);
    if (FAULTS.includes('lock')) results.lock = await lockScenario(setup, server);
    if (FAULTS.includes('sigterm')) {
      results.sigterm = await sigtermScenario(setup, server);
      // The same through npm, as `npm run serve` is started in production.
      if (existsSync('dist/server/main.js')) {
        const viaNpm = await startServer({ databaseUrl: database.url, via: 'npm' });
        servers.push(viaNpm);
        results.sigtermViaNpm = await sigtermScenario(setup, viaNpm);
      }
      const again = await startServer({ databaseUrl: database.url });
      servers.push(again);
      results.sigtermWithRequestsHeld = await sigtermScenario(setup, again, 3000);
    }
    for (const s of servers) await s.saveLog();
    const report = {
      date: new Date().toISOString(),
      settings: {
        users: USERS,
        thinkMs: THINK,
        server: server.launcher.describe,
        staleBuild: server.launcher.staleBuild,
        database: database.describe,
        serverEnvironment:
          'NODE_ENV=production, LOG_LEVEL=warn, defaults: DB_POOL_MAX 10, DB_STATEMENT_TIMEOUT_MS 5000, HEALTH_TIMEOUT_MS 1500, SHUTDOWN_GRACE_MS 25000; rate limits lifted',
      },
      machine: machine(version),
      ...results,
      serverLog: logSummary(server.logs),
      serverLogFiles: servers.map((s) => s.logFile),
    };
    // A run of some of the faults only gets its own file, beside the full run's.
    const only = FAULTS.join(',') === 'restart,lock,sigterm' ? '' : `-${FAULTS.join('-')}`;
    const file = `bench/results/faults-${today()}${only}.json`;
    await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nServer logs: ${servers.map((s) => s.logFile).join(', ')}\nWrote ${file}`);
  } finally {
    for (const s of servers) await s.stop().catch(() => {});
    await database.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
